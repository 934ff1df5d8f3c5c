"use strict";

// Sends blob: and data: downloads to the app, which cannot fetch them itself.
window.__firefox__.includeOnce("DownloadHelper", function () {
  const handlerName = "downloadManager";

  function readAsBase64(blob) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onloadend = () => resolve(String(reader.result).split(",", 2)[1] || "");
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(blob);
    });
  }

  window.__firefox__.download = async function (url, filename) {
    const response = await fetch(url);
    const blob = await response.blob();
    const base64 = await readAsBase64(blob);
    return window.__firefox__.postMessage(handlerName, {
      type: "download",
      filename: filename || "download",
      mimeType: blob.type || "application/octet-stream",
      size: blob.size,
      base64,
    });
  };
});
