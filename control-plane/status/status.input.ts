import { ArrayMaxSize, IsUUID, Length } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { IncidentImpact, IncidentStatus } from './incident.entity.js';

/** A new incident notice. */
@InputType({ description: 'A new incident notice with its first update' })
export class CreateIncidentInput {
  @Field(() => String)
  @Length(1, 200)
  title!: string;

  @Field(() => IncidentImpact)
  impact!: IncidentImpact;

  @Field(() => IncidentStatus, { defaultValue: IncidentStatus.INVESTIGATING })
  status!: IncidentStatus;

  @Field(() => String, { description: 'The first update' })
  @Length(1, 5000)
  message!: string;

  @Field(() => [String], { defaultValue: [], description: 'Affected groups; empty = the service as a whole' })
  @ArrayMaxSize(100)
  groups!: string[];
}

/** An update to an incident. */
@InputType({ description: 'A timestamped update; status RESOLVED resolves the incident' })
export class PostIncidentUpdateInput {
  @Field(() => ID)
  @IsUUID()
  incidentId!: string;

  @Field(() => IncidentStatus)
  status!: IncidentStatus;

  @Field(() => String)
  @Length(1, 5000)
  message!: string;
}
