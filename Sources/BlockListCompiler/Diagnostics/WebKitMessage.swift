/// The error texts WebKit 2.50 returns (`ContentExtensionError.cpp`), exactly.
public enum WebKitMessage {
    /// WebKit's message for an empty source.
    public static let emptySource = "Source JSON rule set cannot be empty"
    /// WebKit's message for JSON that does not parse.
    public static let jsonInvalid = "Failed to parse the JSON String."
    /// WebKit's message for a top-level value that is not an array.
    public static let topLevelNotArray = "Invalid input, the top level structure is not an array."
    /// WebKit's message for a list over the target's rule limit.
    public static let tooManyRules = "Too many rules in JSON array."
    /// WebKit's message for a rule that is not an object.
    public static let invalidRule = "Invalid rule."
    /// WebKit's message for a list with no rule left (every rule dropped).
    public static let emptyExtension = "Empty extension."
    /// WebKit's message for a missing or malformed `trigger`.
    public static let invalidTrigger = "Invalid trigger object."
    /// WebKit's message for a missing `url-filter`, or one that is not a string.
    public static let invalidURLFilter = "Invalid url-filter object."
    /// WebKit's message for a `resource-type`, `load-type` or `load-context` that is not an array.
    public static let invalidTriggerFlagsArray = "Invalid trigger flags array."
    /// WebKit's message for an unknown value in a `resource-type`, `load-type` or `load-context` array.
    public static let invalidStringInTriggerFlagsArray = "Invalid string in the trigger flags array."
    /// WebKit's message for a missing or malformed `action`.
    public static let invalidAction = "Invalid action object."
    /// WebKit's message for an unknown action `type`.
    public static let invalidActionType = "Invalid action type."
    /// WebKit's message for a `css-display-none` action without a selector.
    public static let invalidCSSDisplayNone = "Invalid css-display-none action type. Requires a selector."
    /// WebKit's message for a url-filter (or condition) outside its regular-expression subset.
    public static let invalidRegex = "Invalid or unsupported regular expression."
    /// WebKit's message for a malformed `if-`/`unless-` condition list.
    public static let invalidConditionList = "Invalid list of if-domain, unless-domain, if-top-url, or unless-top-url conditions."
    /// WebKit's message for a domain with upper-case or non-ASCII characters.
    public static let domainNotLowerCaseASCII = "Domains must be lower case ASCII. Use punycode to encode non-ASCII characters."
    /// WebKit's message for a trigger with more than one condition.
    public static let multipleConditions =
        "A trigger cannot have more than one condition (if-domain, unless-domain, if-top-url, or unless-top-url)"
    /// WebKit's message for a list mixing domain and top-URL conditions (older targets).
    public static let mixedDomainAndTopURL = "A list cannot have if-domain and unless-domain mixed with if-top-url and unless-top-url"
    /// WebKit's message for an unknown `request-method`.
    public static let invalidRequestMethod =
        "The request-method string must be \"get\", \"head\", \"options\", \"trace\", \"put\", \"delete\", \"post\", \"patch\", or \"connect\"."
    /// WebKit's message for a `notify` action without a string notification.
    public static let invalidNotification = "A notify action must have a string notification"
    /// WebKit's message for a `redirect` action without a `redirect` member.
    public static let redirectMissing = "A redirect action must have a redirect member"
    /// WebKit's message for an `extension-path` that does not start with `/`.
    public static let redirectExtensionPathNoSlash = "A redirect extension path must start with a slash"
    /// WebKit's message for a redirect to a `javascript:` URL.
    public static let redirectToJavaScript = "A redirect url can't have a scheme of javascript"
    /// WebKit's message for a redirect `url` that is not a valid URL.
    public static let redirectURLInvalid = "A redirect url must be valid"
    /// WebKit's message for a redirect with none of its known members.
    public static let redirectInvalidType =
        "A redirect must have a member named \"extension-path\", \"regex-substitution\", \"transform\" or \"url\""
    /// WebKit's message for a redirect `port` out of range.
    public static let redirectInvalidPort = "A redirect port must be either empty or a number between 0 and 65535, inclusive"
    /// WebKit's message for a redirect `query` that does not start with `?`.
    public static let redirectInvalidQuery = "A redirect query must either be empty or begin with '?'"
    /// WebKit's message for a redirect `fragment` that does not start with `#`.
    public static let redirectInvalidFragment = "A redirect fragment must either be empty or begin with '#'"
    /// WebKit's message for a redirect `scheme` that is not a valid scheme.
    public static let redirectInvalidScheme = "A redirect url scheme must be a valid scheme"
    /// WebKit's message for a `remove-parameters` that is not an array of strings.
    public static let removeParametersNotStringArray = "A remove-parameters value must be an array of strings"
    /// WebKit's message for an `add-or-replace-parameters` that is not an array.
    public static let addOrReplaceParametersNotArray = "An add-or-replace-parameters value must be an array"
    /// WebKit's message for an `add-or-replace-parameters` member that is not an object.
    public static let addOrReplaceParametersMemberNotObject = "Members of the add-or-replace-parameters array must be a dictionary"
    /// WebKit's message for an `add-or-replace-parameters` member without a string `key`.
    public static let addOrReplaceParametersKeyNotString =
        "Members of the add-or-replace-parameters array must contain a key that is a string"
    /// WebKit's message for an `add-or-replace-parameters` member without a string `value`.
    public static let addOrReplaceParametersValueNotString =
        "Members of the add-or-replace-parameters array must contain a value that is a string"
    /// WebKit's message for a `modify-headers` header list that is not an array.
    public static let modifyHeadersNotArray = "A headers member must be an array"
    /// WebKit's message for a `modify-headers` operation that is not an object.
    public static let modifyHeadersInfoNotObject = "A modify-headers operation must be a dictionary"
    /// WebKit's message for a `modify-headers` operation without its `operation`.
    public static let modifyHeadersMissingOperation = "A modify-headers operation must have an operation"
    /// WebKit's message for a `modify-headers` operation other than `set`, `append` or `remove`.
    public static let modifyHeadersInvalidOperation =
        "A modify-headers operation must have an operation that is either \"set\", \"append\", or \"remove\""
    /// WebKit's message for a `modify-headers` operation without a `header`.
    public static let modifyHeadersMissingHeader = "A modify-headers operation must have a header"
    /// WebKit's message for a `set` or `append` operation without a `value`.
    public static let modifyHeadersMissingValue = "A modify-headers operation of \"set\" or \"append\" must have a value"
    /// WebKit's message for a `priority` that is not a positive integer.
    public static let invalidPriority = "A priority must be a positive integer"
}
