/** An error that reaches the client as `{ "error": message, "code"?: code }` with the given HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, code?: string, details?: Record<string, unknown>) =>
  new ApiError(400, message, code, details);
export const unauthorized = (message = 'The access token is invalid') => new ApiError(401, message);
export const forbidden = (message = 'This action is not allowed', code?: string) =>
  new ApiError(403, message, code);
export const notFound = (message = 'Record not found') => new ApiError(404, message);
export const unprocessable = (message: string, code?: string, details?: Record<string, unknown>) =>
  new ApiError(422, message, code, details);
