import { type Progress, STAGE_WEIGHTS } from '@vidgen/videos';
import { STAGES, type Stage } from '@vidgen/workflows';
import { ApiProperty } from '../common/openapi-decorators';
import { assertSameShape, type Equals } from '../common/schema-types';

const WEIGHTS = STAGES.map((s) => `${s} ${STAGE_WEIGHTS[s]}`).join(', ');

/** `progress` of the video record (docs/api.md#progress). */
export class ProgressDto {
  @ApiProperty({ enum: STAGES, description: 'The stage running' }) stage: Stage;
  @ApiProperty({
    minimum: 0,
    maximum: 100,
    description: `Share of the whole pipeline done (the stages weigh ${WEIGHTS}); never lower later in the same run`,
  })
  percent: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    description:
      'Seconds until the run stops (at the review gate for a script, at the finished video for production), from the measured speeds of recent runs; null while unmeasured',
  })
  eta_seconds: number | null;
}
assertSameShape<Equals<ProgressDto, Progress>>(true);
