/// A tiny deterministic generator (SplitMix64, Steele, Lea and Flood 2014), so a failing
/// random case is replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// The seed of case `index` of a run seeded with `base`: well spread, so neighbouring
    /// cases are unrelated.
    static func caseSeed(base: UInt64, index: Int) -> UInt64 {
        var generator = SplitMix64(seed: base ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return generator.next()
    }
}

extension UInt64 {
    /// The value as `0x` and 16 hex digits, as failure messages print seeds.
    var hex: String {
        let digits = String(self, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
    }
}
