// Desktop-only modules resolve here on iOS: empty stand-ins with the names importers ask for.
export const LoginHelper = {};
export const MLAutofill = {};
export const LoginRecipesContent = {};
