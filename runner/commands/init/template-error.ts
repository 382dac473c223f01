/** A template that does not fit what init derives from it: a defect of the package's templates, found by their tests. */
export class TemplateError extends Error {
  override name = 'TemplateError';
}
