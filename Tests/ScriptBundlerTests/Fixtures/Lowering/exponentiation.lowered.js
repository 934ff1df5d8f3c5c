var _a, _b;
x = Math.pow(a, b);
y = Math.pow(-a, Math.pow(2, c));
a = Math.pow(a, 2);
o.p = Math.pow(o.p, f());
o[_a = k()] = Math.pow(o[_a], 3);
(_b = g()).q = Math.pow(_b.q, 2);
