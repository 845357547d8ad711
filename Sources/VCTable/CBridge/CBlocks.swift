internal import CGLib

/// The `*_block` setters, for `clang -fblocks` callers, without compiling any VCTable
/// code with `-fblocks`: a block is copied with `_Block_copy`, called through its
/// `invoke` pointer (the Blocks ABI: isa, flags, reserved, invoke, descriptor), and
/// released with `_Block_release` as the slot's `GDestroyNotify`, so it is released
/// exactly once, like any notify.
enum CBlock {
    /// The `invoke` field of a block literal: after a pointer and two 32-bit ints.
    static func invoke(_ block: UnsafeMutableRawPointer) -> UnsafeRawPointer {
        block.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size + 8, as: UnsafeRawPointer.self)
    }

    static let release: CDestroyNotify = { block in _Block_release(block) }

    static let reloadTrampoline: CReloadFunction = { items, count, block in
        typealias Invoke = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<OpaquePointer?>?, Int) -> Void
        unsafeBitCast(CBlock.invoke(block!), to: Invoke.self)(block, items, count)
    }

    static let textTrampoline: CTextFunction = { text, block in
        typealias Invoke = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void
        unsafeBitCast(CBlock.invoke(block!), to: Invoke.self)(block, text)
    }

    static func set(_ box: CTableModel, _ slot: CTableModel.Slot, _ block: UnsafeMutableRawPointer?, _ trampoline: UnsafeRawPointer) {
        guard let block else { return box.set(slot, UnsafeRawPointer?.none, nil, nil) }
        box.set(slot, trampoline, _Block_copy(block), release)
    }
}

@_spi(CInterop) @c(vct_table_model_set_did_reload_data_block)
public func vct_table_model_set_did_reload_data_block(_ model: OpaquePointer?, _ block: UnsafeMutableRawPointer?) {
    guard let box = table(model, "vct_table_model_set_did_reload_data_block") else { return }
    CBlock.set(box, .didReloadData, block, unsafeBitCast(CBlock.reloadTrampoline, to: UnsafeRawPointer.self))
}

@_spi(CInterop) @c(vct_table_model_set_did_error_block)
public func vct_table_model_set_did_error_block(_ model: OpaquePointer?, _ block: UnsafeMutableRawPointer?) {
    guard let box = table(model, "vct_table_model_set_did_error_block") else { return }
    CBlock.set(box, .didError, block, unsafeBitCast(CBlock.textTrampoline, to: UnsafeRawPointer.self))
}

@_spi(CInterop) @c(vct_table_model_set_did_update_navigation_title_block)
public func vct_table_model_set_did_update_navigation_title_block(_ model: OpaquePointer?, _ block: UnsafeMutableRawPointer?) {
    guard let box = table(model, "vct_table_model_set_did_update_navigation_title_block") else { return }
    CBlock.set(box, .didUpdateNavigationTitle, block, unsafeBitCast(CBlock.textTrampoline, to: UnsafeRawPointer.self))
}
