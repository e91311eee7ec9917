/**
 * The default of an actor the app must provide (`machine.provide({ actors })`): fails loudly
 * when a test or page forgot it.
 */
export const notProvided = (machine: string, actor: string) => async (): Promise<never> => {
  throw new Error(`${machine}: actor \`${actor}\` is not provided`);
};
