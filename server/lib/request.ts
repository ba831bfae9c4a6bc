/**
 * A request's body and query string read by field (decision 0096). Fastify's own parsers give JSON
 * (application/json), text (text/plain) and, for the query string, text and lists of text: JSON values
 * all. Anything that is not an object (a list, a text body, no body) has no fields.
 */
import type { FastifyRequest } from 'fastify';
import { objectOf, type Json, type JsonObject } from '../../content/json';

/** The fields of a request's JSON body ({} when it has none). */
export function bodyFields(req: FastifyRequest): JsonObject {
  return objectOf(req.body as Json | undefined) ?? {};
}

/** The fields of a request's query string ({} when it has none). */
export function queryFields(req: FastifyRequest): JsonObject {
  return objectOf(req.query as Json | undefined) ?? {};
}
