/// Where a machine is, as a navigation UI shows it: a stack of screens (`root` under `path`, the current screen
/// last) and the sheet presented over it. SwiftUI binds `NavigationStack(path:)` to `path` and `.sheet(item:)` to
/// `sheet` (`FlowModel` has both as bindable properties); a UIKit coordinator compares two of these to know what
/// to push, pop, present or dismiss.
///
/// The machine decides where the person is: a view never pushes by itself, it sends the event the flows know
/// (`model.send(.tapContinue)`), and the stack follows. What the person does to the stack directly (a swipe back,
/// the back button, a sheet pulled down) goes back to the machine as `back`, which a screen with `back: blocked`
/// refuses.
///
/// ```swift
/// // generated for Tempo: public typealias TempoNavigation = FlowNavigation<TempoScreen>
/// let navigation = TempoNavigation(of: machine)
/// navigation.root       // .onb000: the bottom of the stack
/// navigation.path       // [.onb001, .onb002]: pushed over it, the current screen last
/// navigation.sheet      // FlowSheet(screen: .onb007b): the country picker, presented over ONB-007
/// ```
///
/// Under a sheet the stack ends with the screen that opened it (the opener stays on show behind the sheet). A sheet
/// opened over a sheet replaces it: `sheet` is always the current screen, `sheetOpeners` on the machine has the rest.
public struct FlowNavigation<Screen: Hashable & Sendable>: Hashable, Sendable {
    /// The screen at the bottom of the stack: `NavigationStack`'s root view.
    public var root: Screen
    /// The screens pushed over `root`, oldest first; the last is the screen on show (or the one under the sheet).
    public var path: [Screen]
    /// The screen presented as a sheet (`presentation: sheet` or `modal` in the flows), nil when none is open.
    public var sheet: FlowSheet<Screen>?

    public init(root: Screen, path: [Screen] = [], sheet: FlowSheet<Screen>? = nil) {
        self.root = root; self.path = path; self.sheet = sheet
    }

    /// The navigation of `machine` as it is now.
    public init<Machine: FlowStateMachine>(of machine: Machine) where Machine.Screen == Screen {
        let opener = machine.sheetOpeners.first
        var stack = machine.backStack
        stack.append(opener ?? machine.screen)
        root = stack[0]
        path = Array(stack.dropFirst())
        sheet = opener == nil ? nil : FlowSheet(screen: machine.screen, backBlocked: !machine.canGoBack)
    }

    /// Every screen of the stack, `root` first: the screen on show (or under the sheet) last.
    public var stack: [Screen] { [root] + path }
}

/// A screen presented as a sheet, for `.sheet(item:)`: identified by its screen, so presenting another screen
/// replaces the sheet.
public struct FlowSheet<Screen: Hashable & Sendable>: Hashable, Sendable, Identifiable {
    public var screen: Screen
    /// The screen has `back: blocked`: pulling the sheet down is refused (set `.interactiveDismissDisabled(true)`).
    public var backBlocked: Bool

    public init(screen: Screen, backBlocked: Bool = false) {
        self.screen = screen; self.backBlocked = backBlocked
    }

    public var id: Screen { screen }
}

extension FlowDriver {
    /// The machine's navigation as it is now.
    public var navigation: FlowNavigation<Machine.Screen> { FlowNavigation(of: machine) }

    /// What a navigation UI did to the stack, sent to the machine: `path` is the stack's path after the person popped
    /// (a swipe back, the back button, a long press on it that pops several screens). Each screen popped is a `back`;
    /// the first one the machine refuses (`back: blocked`, or nothing to go back to) stops there.
    ///
    /// A path that is not the current one with screens popped off its end (a `NavigationLink(value:)` pushing by
    /// itself) is refused whole: the machine decides where the person goes, through the flows' events.
    /// - Returns: true when the machine's path is now `path`; false when the pop was refused, in whole or in part,
    ///   and the UI must show the machine's path again.
    @discardableResult
    public func popNavigation(to path: [Machine.Screen]) -> Bool {
        var current = navigation
        guard current.sheet == nil, path.count < current.path.count, current.path.starts(with: path) else {
            return current.path == path
        }
        while current.path.count > path.count {
            let before = current.path.count
            guard back() else { return false }
            current = navigation
            // `back` out of a sub-flow's first screen may leave more than one screen: what counts is where it landed.
            if current.sheet != nil || current.path.count >= before { return false }
        }
        return current.path == path
    }

    /// The sheet was dismissed by the person (pulled down): a `back`, which closes it unless the screen blocks back.
    /// - Returns: true when no sheet is open any more; false when the machine kept it (the UI must present it again).
    @discardableResult
    public func dismissSheet() -> Bool {
        guard navigation.sheet != nil else { return true }
        _ = back()
        return navigation.sheet == nil
    }
}
