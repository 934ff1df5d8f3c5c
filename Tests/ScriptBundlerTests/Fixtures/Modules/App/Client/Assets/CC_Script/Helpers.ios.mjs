export const AppConstants = { platform: "ios" };
export function helper() { return "helped"; }
