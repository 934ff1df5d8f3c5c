function legacyGlobal() {}
var legacyVar = "lv";
__log.push("legacy ran");
