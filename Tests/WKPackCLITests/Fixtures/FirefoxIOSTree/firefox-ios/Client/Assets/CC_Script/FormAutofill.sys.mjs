// The desktop module (the iOS override imports it and adjusts it).
export const FormAutofill = { isAutofillEnabled: false, source: "desktop" };
