// Fixture in the shape of firefox-ios's webpack.config.js (webpack 5, CommonJS): one entry per bundle.
const glob = require("glob");
const path = require("path");
const webpack = require("webpack");
const { ModuleOverrides } = require("./firefox-ios/Client/Assets/CC_Script/Overrides.ios.js");

const AllFramesAtDocumentStart = [
  "./firefox-ios/Client/Frontend/UserContent/UserScripts/AllFrames/AtDocumentStart/__firefox__.js",
  ...glob.sync("./firefox-ios/Client/Frontend/UserContent/UserScripts/AllFrames/AtDocumentStart/*.{js,mjs}"),
];
// PDF content skips document-start scripts, so the document-end bundle defines __firefox__ too.
const AllFramesAtDocumentEnd = [
  "./firefox-ios/Client/Frontend/UserContent/UserScripts/AllFrames/AtDocumentEnd/__firefox__.js",
  ...glob.sync("./firefox-ios/Client/Frontend/UserContent/UserScripts/AllFrames/AtDocumentEnd/*.{js,mjs}"),
];
const MainFrameAtDocumentStart = glob.sync("./firefox-ios/Client/Frontend/UserContent/UserScripts/MainFrame/AtDocumentStart/*.{js,mjs}");
const MainFrameAtDocumentEnd = glob.sync("./firefox-ios/Client/Frontend/UserContent/UserScripts/MainFrame/AtDocumentEnd/*.{js,mjs}");
const WebcompatAllFramesAtDocumentStart = glob.sync(
  "./firefox-ios/Client/Frontend/UserContent/UserScripts/AllFrames/WebcompatAtDocumentStart/*.{js,mjs}"
);
const NightModeAllFramesAtDocumentStart = [
  "./firefox-ios/Client/Frontend/UserContent/UserScripts/AllFrames/NightModeAtDocumentStart/__firefox__.js",
  ...glob.sync("./firefox-ios/Client/Frontend/UserContent/UserScripts/AllFrames/NightModeAtDocumentStart/*.{js,mjs}"),
];
const AutofillAllFramesAtDocumentStart = glob.sync(
  "./firefox-ios/Client/Frontend/UserContent/UserScripts/AllFrames/AutofillAtDocumentStart/*.{js,mjs}"
);
const AddressFormManager = glob.sync("./firefox-ios/Client/Frontend/UserContent/UserScripts/AddressFormManager/*.{js,mjs}");
const TranslationsEngine = glob.sync("./firefox-ios/Client/Frontend/UserContent/UserScripts/TranslationsEngine/*.{js,mjs}");

// The first script of these bundles must define window.__firefox__.
for (const [name, files] of Object.entries({
  AllFramesAtDocumentStart,
  AllFramesAtDocumentEnd,
  NightModeAllFramesAtDocumentStart,
})) {
  if (path.basename(files[0]) !== "__firefox__.js") {
    throw new Error(`${name}: __firefox__.js must be the first script`);
  }
}

module.exports = {
  mode: "production",
  devtool: false,
  entry: {
    AllFramesAtDocumentStart,
    AllFramesAtDocumentEnd,
    MainFrameAtDocumentStart,
    MainFrameAtDocumentEnd,
    WebcompatAllFramesAtDocumentStart,
    NightModeAllFramesAtDocumentStart,
    AutofillAllFramesAtDocumentStart,
    AddressFormManager,
    TranslationsEngine,
    // As today's firefox-ios names its worker: a glob of one file.
    "translations-engine.worker": glob.sync("./firefox-ios/Client/Assets/CC_Script/translations-engine.worker.js"),
  },
  output: {
    filename: "[name].js",
    path: path.resolve(__dirname, "firefox-ios/Client/Assets"),
  },
  module: {
    rules: [
      {
        // The shared desktop modules mix ES and CommonJS syntax.
        test: /\.mjs$/,
        include: [path.resolve(__dirname, "firefox-ios/Client/Assets/CC_Script/")],
        type: "javascript/auto",
      },
    ],
  },
  resolve: {
    alias: {
      Assets: path.resolve(__dirname, "firefox-ios/Client/Assets"),
    },
    fallback: {
      url: require.resolve("page-metadata-parser"),
    },
  },
  plugins: [
    // resource://gre/modules/X.sys.mjs and resource://autofill/X.sys.mjs -> CC_Script/X, after the overrides.
    new webpack.NormalModuleReplacementPlugin(/^resource:\/\/(gre\/modules|autofill)\//, (resource) => {
      const name = resource.request.split("/").pop();
      const importer = resource.contextInfo?.issuer ?? "";
      const replacement = ModuleOverrides[name];
      resource.request = path.resolve(
        __dirname,
        "firefox-ios/Client/Assets/CC_Script",
        replacement && path.basename(importer) !== replacement ? replacement : name
      );
    }),
  ],
};
