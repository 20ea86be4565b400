extension EngineHost {
    /// Whether the system back gesture would move now: the current screen does not block back, and there is a sheet
    /// to close or a screen to go back to.
    @inlinable public var engineCanGoBack: Bool {
        guard !tables.screens[Int(engine.screenNumber)].backBlocked else { return false }
        return !engine.history.isEmpty || (engineFeatures.contains(.overlays) && !engine.overlayOpeners.isEmpty)
    }
}
