/** Operation context that has model lists asked again after a change (an empty list names no type to invalidate). */
export const MODEL_LISTS = { additionalTypenames: ['Model', 'ModelConnection'] };
