try {
  f();
} catch {
  g();
}
function h() {
  try {
    f();
  } catch {
    return a?.b;
  }
}
