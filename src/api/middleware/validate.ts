import type { RequestHandler, Response } from 'express';
import type { z } from 'zod';

/** Parses the body with a zod schema (ZodError → 400 VALIDATION_ERROR in the error mapper). */
export function validateBody<S extends z.ZodType>(schema: S): RequestHandler {
  return (req, res, next) => {
    res.locals.body = schema.parse(req.body ?? {});
    next();
  };
}

export function validatedBody<S extends z.ZodType>(res: Response, _schema: S): z.infer<S> {
  return res.locals.body as z.infer<S>;
}
