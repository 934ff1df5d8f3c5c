export const name = "beta";
