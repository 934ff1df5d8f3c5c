module.exports = { URL: "url-shim" };
