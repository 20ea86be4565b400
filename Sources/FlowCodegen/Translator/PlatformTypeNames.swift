import FlowIR

/// Type names the frameworks an iOS app imports beside a generated module declare, by framework. A generated type
/// with one of these names compiles, but in an app that imports both modules every unqualified use of the name is
/// ambiguous (`Transaction` is StoreKit 2's purchase; `Text` is SwiftUI's view): the generator refuses it.
///
/// The list holds top-level names an app's flows or a type prefix could plausibly give (nouns of the domain and of
/// screens; `UI` + `Screen`); it is not a full index of the SDKs.
public let platformTypeNames: [String: String] = {
    var names: [String: String] = [:]
    for name in ["Calendar", "Data", "Date", "DateComponents", "DateInterval", "Decimal", "Locale", "Measurement", "Notification",
                 "NotificationCenter", "Operation", "OperationQueue", "Bundle", "Process", "Progress", "Timer", "TimeZone", "URL",
                 "URLRequest", "URLSession", "UUID", "UserDefaults", "Expression", "Predicate", "AttributedString", "Duration",
                 "FileManager", "Host", "Port", "Stream", "Thread", "Unit", "Formatter", "NumberFormatter", "DateFormatter",
                 "PersonNameComponents", "IndexPath", "IndexSet", "CharacterSet", "JSONDecoder", "JSONEncoder", "Scanner"] {
        names[name] = "Foundation"
    }
    for name in ["View", "Text", "Image", "Button", "Color", "Font", "List", "Form", "Section", "Label", "Link", "Menu", "Picker",
                 "Toggle", "Slider", "Stepper", "TextField", "SecureField", "DatePicker", "ProgressView", "NavigationStack",
                 "NavigationPath", "NavigationLink", "NavigationView", "TabView", "Tab", "Group", "Spacer", "Divider", "Alert",
                 "Binding", "State", "Environment", "Animation", "Transaction", "Gesture", "Shape", "Path", "Circle", "Capsule",
                 "Scene", "App", "Window", "WindowGroup", "Settings", "Table", "Grid", "GridRow", "Layout", "Edge", "Angle",
                 "Gauge", "Namespace", "Material", "Canvas", "ShareLink", "ContentUnavailableView", "ControlGroup"] {
        names[name] = "SwiftUI"
    }
    for name in ["Observable", "ObservationRegistrar", "Observations"] {
        names[name] = "Observation"
    }
    for name in ["Product", "Transaction", "Storefront", "AppStore", "AppTransaction", "VerificationResult", "Message",
                 "StoreKitError", "ExternalPurchase", "ExternalPurchaseLink", "PurchaseIntent", "StoreContext"] {
        names[name] = names[name].map { $0 + " and StoreKit" } ?? "StoreKit"
    }
    for name in ["UIView", "UIViewController", "UIApplication", "UIScreen", "UIEvent", "UIColor", "UIImage", "UIFont",
                 "UIWindow", "UIScene", "UIDevice", "UIButton", "UILabel", "UITextField", "UITableView", "UIAlertController",
                 "UINavigationController", "UITabBarController", "UIMenu", "UIAction", "UIResponder", "UITouch"] {
        names[name] = "UIKit"
    }
    return names
}()

/// The generated type names of `app` (under `options`) that a framework listed in `platformTypeNames` declares too,
/// with that framework, sorted by name.
public func platformTypeClashes(for app: App, options: GeneratorOptions = GeneratorOptions()) -> [(type: String, framework: String)] {
    let names = AppNames(app: app, typePrefix: options.typePrefix)
    return names.generatedTypeNames.compactMap { name in platformTypeNames[name].map { (name, $0) } }.sorted { $0.type < $1.type }
}

/// The fixed generated type names a type prefix gives (`UI` gives `UIScreen` and `UIEvent`), that a framework declares
/// too: checked when flowc-config.yaml is read, before any app is known.
public func platformTypeClashes(forPrefix prefix: String) -> [(type: String, framework: String)] {
    AppNames.fixedTypeSuffixes.compactMap { suffix in platformTypeNames[prefix + suffix].map { (prefix + suffix, $0) } }.sorted { $0.type < $1.type }
}
