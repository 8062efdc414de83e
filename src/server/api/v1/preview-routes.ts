import { defineEndpoint, type HttpMethod, type Routes } from '@/server/http/endpoint';
import { notFound } from '@/server/http/http-error';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * /api/v1/preview/*: the course-engineer tools' namespace. Every call needs the
 * course_engineer role (403 otherwise); paths without an endpoint answer 404.
 */
export function previewFallbackRoutes(path: string): Routes {
  const endpoint = defineEndpoint({
    access: 'course_engineer',
    handle: async () => {
      throw notFound(`No preview endpoint at ${path}.`);
    },
  });
  return Object.fromEntries(METHODS.map((method) => [method, endpoint]));
}
