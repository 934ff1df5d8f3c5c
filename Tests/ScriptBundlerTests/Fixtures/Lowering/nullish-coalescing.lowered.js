var _a, _b, _c;
x = a != null ? a : b;
y = (_a = f()) != null ? _a : g();
z = (_b = a != null ? a : b) != null ? _b : c;
w = (a != null ? a : b) || c;
v = (_c = this.p) != null ? _c : 1;
