import { Field, Int, ObjectType } from 'type-graphql';
import type { ChannelTestOutcome } from './channel-test.service.js';

/** The result of `testChannel`. */
@ObjectType('ChannelTestResult', { description: 'One real test request through a channel' })
export class ChannelTestResultView {
  @Field(() => Boolean, { description: 'The upstream answered and the answer could be read in the chosen format' })
  ok!: boolean;

  @Field(() => Int, { nullable: true, description: 'The whole exchange in ms; null when nothing was sent' })
  latencyMs!: number | null;

  @Field(() => Int, { nullable: true, description: 'Streams: ms until the first byte of the stream body' })
  firstByteMs!: number | null;

  @Field(() => Int, { nullable: true, description: "The upstream's HTTP status; null when no answer arrived" })
  status!: number | null;

  @Field(() => String, { nullable: true, description: 'What went wrong, briefly (never the key or the upstream address)' })
  error!: string | null;

  @Field(() => String, { description: 'The model id tested' })
  model!: string;

  @Field(() => String, { description: 'The client wire format the request was made in' })
  format!: string;

  @Field(() => Boolean)
  stream!: boolean;

  @Field(() => String, { nullable: true, description: "The start of the answer's text (about 200 characters)" })
  sample!: string | null;

  /** The view of `outcome`. */
  static of(outcome: ChannelTestOutcome): ChannelTestResultView {
    return Object.assign(new ChannelTestResultView(), outcome);
  }
}
