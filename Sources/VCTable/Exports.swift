// `Splice` and the rest of the diff module are part of VCTable's API.
/// Re-exports the diff module: `Splice`, `ListChanges` and `Diff` are part of VCTable's API.
@_exported public import VCTableDiff
