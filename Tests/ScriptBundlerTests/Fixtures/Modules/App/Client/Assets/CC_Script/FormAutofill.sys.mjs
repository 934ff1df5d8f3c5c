export const FormAutofill = { name: "original" };
