// Timer.sys.mjs on iOS: the page's own timers.
export const setTimeout = (callback, delay) => globalThis.setTimeout(callback, delay);
export const clearTimeout = (id) => globalThis.clearTimeout(id);
