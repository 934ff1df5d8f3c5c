module.exports = { kind: "cjs", named: "N" };
__log.push("cjs evaluated");
