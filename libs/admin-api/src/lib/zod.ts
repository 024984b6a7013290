// One namespace for zod/mini across the library, so the built files import it once and every schema call reads the same.
export * as z from 'zod/mini';
