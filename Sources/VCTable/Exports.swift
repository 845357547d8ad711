// `Splice` and the rest of the diff module are part of VCTable's API.
@_exported public import VCTableDiff
