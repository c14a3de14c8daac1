import { IsOptional, Length } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { ModelKind } from './model.entity.js';

/** Filters of the fee list. */
@InputType({ description: 'Fee list filters (all optional, combined with AND)' })
export class FeeListFilter {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  vendor?: string | null;

  @Field(() => ModelKind, { nullable: true })
  kind?: ModelKind | null;

  @Field(() => String, { nullable: true, description: 'Group name' })
  @IsOptional()
  @Length(1, 64)
  group?: string | null;

  @Field(() => String, { nullable: true, description: 'Case-insensitive substring of the model id or an alias' })
  @IsOptional()
  @Length(1, 200)
  search?: string | null;
}
