/* Fixture in the shape of firefox-ios's CC_Script/Overrides.ios.js: desktop modules that the iOS
 * bundles replace, as module name -> replacement file in this folder. */

// Modules whose iOS stand-ins live together in one helper file.
const ModuleOverrides = {
  "AppConstants.sys.mjs": "Helpers.ios.mjs",
  "XPCOMUtils.sys.mjs": "Helpers.ios.mjs",
  "Region.sys.mjs": "Helpers.ios.mjs",
  "OSKeyStore.sys.mjs": "Helpers.ios.mjs",
  "ContentDOMReference.sys.mjs": "Helpers.ios.mjs",
  // Autofill entry points.
  "FormAutofill.sys.mjs": "FormAutofill.ios.sys.mjs",
  "EntryFile.sys.mjs": "FormAutofillChild.ios.sys.mjs",
  // Not used on iOS.
  "LoginHelper.sys.mjs": "EmptyModule.sys.mjs",
  "MLAutofill.sys.mjs": "EmptyModule.sys.mjs",
  "LoginRecipes.sys.mjs": "EmptyModule.sys.mjs",
  // Translations.
  "Timer.sys.mjs": "TranslationsHelpers.mjs",
};

module.exports = { ModuleOverrides };
