/** Drops the template database of this run (TEST_TEMPLATE_DATABASE) and what a crash left of it. */
export default function dropTemplate(): Promise<void>;
