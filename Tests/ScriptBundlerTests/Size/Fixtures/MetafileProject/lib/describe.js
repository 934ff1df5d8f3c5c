// A short description of a form for logs.
module.exports = function describe(form) {
  return (form.id ? "#" + form.id : "form") + (form.action ? " -> " + form.action : "");
};
