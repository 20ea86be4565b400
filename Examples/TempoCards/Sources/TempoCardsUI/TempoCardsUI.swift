// The SwiftUI views of this target compile only where SwiftUI exists (CardsFlowView.swift); on Linux the
// target is empty but for this file, and TempoCardsDemo runs the same flows from the command line.
import TempoCards
