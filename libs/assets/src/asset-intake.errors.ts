/**
 * A client's file (an upload or an import) that cannot become an asset: an unsupported or
 * damaged format, a file over the size limit, a source URL that cannot be fetched. The asset
 * service turns it into a 422 at the field the file came from (`file` or `source_url`).
 */
export class AssetRejectedError extends Error {}
