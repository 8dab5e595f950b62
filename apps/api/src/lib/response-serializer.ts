import fastJson from "fast-json-stringify";
import type { FastifyInstance } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { $ZodType, toJSONSchema } from "zod/v4/core";

type SerializerCompiler = Parameters<FastifyInstance["setSerializerCompiler"]>[0];
type RouteSchema = Parameters<SerializerCompiler>[0];

/**
 * Serialises each answer with a function compiled from its contract's JSON Schema (fast-json-stringify), instead of
 * re-validating our own output through zod and then JSON.stringify-ing it: on the signed-in lists that encoding was
 * the costliest step of the answer after the socket write. Same bytes: zod writes an object's keys in its schema's
 * order, and so does the compiled function.
 *
 * With `checkAgainstContract` (the tests), every answer is also encoded by zod as before: an answer the contract
 * refuses, or whose compiled bytes differ from zod's by one byte, throws; so every API test checks the compiled
 * serializer against the contract. A schema the compiler cannot take keeps zod's serializer.
 */
export function responseSerializerCompiler(options: { checkAgainstContract: boolean }): SerializerCompiler {
  return (route: RouteSchema) => {
    const zodSerialize = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = route.schema;
    if (!(schema instanceof $ZodType)) return zodSerialize;
    // Compiled at the route's first answer, not at start: ~150 routes' code generation would delay the first answer.
    let serialize: ((data: unknown) => string) | undefined;
    const compiledOnce = () => {
      serialize ??= compile(schema) ?? zodSerialize;
      return serialize;
    };
    if (!options.checkAgainstContract) return (data: unknown) => compiledOnce()(data);
    return (data: unknown) => {
      const expected = zodSerialize(data);
      const actual = compiledOnce()(data);
      if (actual !== expected) {
        throw new Error(`${route.method} ${route.url}: the compiled serializer wrote ${actual}, zod ${expected}`);
      }
      return actual;
    };
  };
}

function compile(schema: $ZodType): ((data: unknown) => string) | undefined {
  try {
    // "input": what zod's encode answers (our contracts have no codecs, so input and output are alike).
    const jsonSchema = toJSONSchema(schema, { io: "input", unrepresentable: "throw", reused: "inline" });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return undefined;
  }
}
