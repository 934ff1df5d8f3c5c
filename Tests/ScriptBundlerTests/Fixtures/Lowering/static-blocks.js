class Base { static greet() { return 'base'; } }
class Config extends Base {
  static values = [];
  static {
    var local = this.values;
    local.push(super.greet());
  }
  static more = this.values.length;
  static {
    let local = Config.more;
    this.values.push(local);
  }
}
const Anonymous = class extends Base {
  static { this.ready = super.greet?.() ?? 'none'; }
};
export default class {
  static #secret = 1;
  static reveal() { return this.#secret; }
}
