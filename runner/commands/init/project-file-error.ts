/** A file of the project that init reads (its package.json) cannot be read as it stands. */
export class ProjectFileError extends Error {
  override name = 'ProjectFileError';
}
