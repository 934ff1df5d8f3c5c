try {
  f();
} catch (_a) {
  g();
}
function h() {
  try {
    f();
  } catch (_a) {
    return a == null ? void 0 : a.b;
  }
}
