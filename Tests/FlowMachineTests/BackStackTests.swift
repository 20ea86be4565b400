import FlowMachine
import Foundation
import Testing

/// The back stack answers "is this screen on the stack above the floor?" from its links, and must
/// answer exactly as a scan of the entries would, through pushes, pops and truncations.
@Suite struct BackStackTests {
    /// The scan the stack replaces: the reference it is held to.
    func scanned(_ screens: [Int32], _ screen: Int32, from floor: Int) -> Int? {
        floor <= screens.count ? screens[floor...].lastIndex(of: screen) : nil
    }

    @Test func answersAsAScanWouldThroughRandomEdits() {
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var stack = BackStack()
        var reference: [Int32] = []
        for _ in 0..<20_000 {
            switch next(4) {
            case 0, 1:
                let screen = Int32(next(12))
                stack.push(screen)
                reference.append(screen)
            case 2:
                #expect(stack.pop() == reference.popLast())
            default:
                let count = next(reference.count + 1)
                stack.truncate(to: count)
                reference.removeSubrange(count...)
            }
            #expect(stack.screens == reference)
            let floor = next(reference.count + 1)
            for screen in Int32(0)..<13 {
                #expect(stack.lastIndex(of: screen, from: floor) == scanned(reference, screen, from: floor))
            }
        }
    }

    @Test func codesAsTheListOfScreens() throws {
        let stack = BackStack([3, 1, 3, 7])
        let data = try JSONEncoder().encode(stack)
        #expect(String(decoding: data, as: UTF8.self) == "[3,1,3,7]")
        let decoded = try JSONDecoder().decode(BackStack.self, from: data)
        #expect(decoded == stack)
        #expect(decoded.lastIndex(of: 3, from: 0) == 2)
        #expect(decoded.lastIndex(of: 3, from: 3) == nil)
        #expect(decoded.lastIndex(of: 99, from: 0) == nil)
    }
}
