// Reader mode detection: a plain script, no modules. «Lecteur» — ünïcödé and 😀 count in bytes.
(function () {
  const paragraphs = document.querySelectorAll("article p, main p");
  const readable = paragraphs.length >= 3;
  if (window.__firefox__) window.__firefox__.register("reader", { readable });
})();
