export const name = "alpha";
