window.__firefox__ = { ready: true };
__log.push("firefox");
