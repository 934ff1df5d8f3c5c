// UTF-16 columns: "😀" counts as two units, "é" as one.
const café = "😀😀"; const markerUnicode = café.length;
window.__firefox__.record("unicode:" + markerUnicode);
