x = { ...a };
y = { a: f(), ...g(), b: h(), get c() {
  return 1;
} };
z = { ...a, ...b, [k()]: 1 };
