import { ValidateIf } from 'class-validator';

/**
 * A field the client may leave out. Unlike class-validator's IsOptional, null is not taken as
 * "left out": it is validated like any value (and refused by IsString, IsInt, …), so the
 * document can say "optional" without also saying "nullable". Fields where null means something
 * (or falls back to a default, see Default) say so in their schema with `nullable: true`.
 */
export const Optional = () => ValidateIf((_object, value) => value !== undefined);
