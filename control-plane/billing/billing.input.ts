import { MaxLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';

/** Which usage records to list or total. */
@InputType()
export class UsageFilter {
  @Field(() => String, { nullable: true })
  @MaxLength(64)
  tokenId?: string;

  @Field(() => String, { nullable: true })
  @MaxLength(200)
  model?: string;

  @Field(() => String, { nullable: true })
  @MaxLength(64)
  group?: string;

  @Field(() => Date, { nullable: true, description: 'Requests at or after this time' })
  from?: Date;

  @Field(() => Date, { nullable: true, description: 'Requests before this time' })
  to?: Date;
}
