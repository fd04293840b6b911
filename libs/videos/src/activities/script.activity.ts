import { Context } from '@temporalio/activity';
import { type MediaProviders, refineScenes, translateScenes, writeReportedScript } from '@vidgen/media';
import { eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository, WorkflowVideo } from '../video.repository';
import { VIDEO_LIMITS } from '../video.types';
import { parseInput, schemas } from './activity-inputs';
import { providerFailure } from './failures';
import { injectFaults } from './fault-injection';
import { countTransition } from './stage-metrics';
import { loadVideo } from './video-loader';

export interface ScriptDeps {
  videos: Pick<VideoRepository, 'findForWorkflow' | 'transaction' | 'scenes' | 'events' | 'recordScript'>;
  providers: Pick<MediaProviders, 'script'>;
}

/** Scripting and refining: the script writer's drafts, refined into the video's scenes. */
export function createScriptActivities({
  videos,
  providers,
}: ScriptDeps): Pick<VideoActivities, 'writeScript' | 'refineScript'> {
  async function translated(
    video: WorkflowVideo,
    scenes: NonNullable<WorkflowVideo['clientScenes']>,
    from: string,
  ) {
    let texts: Awaited<ReturnType<typeof translateScenes>>;
    try {
      texts = await translateScenes(
        providers.script,
        {
          scenes: scenes.map((s) => ({
            visual_description: s.visual_description ?? '',
            narration: s.narration,
          })),
          from,
          to: video.options.language,
          maxNarrationChars: VIDEO_LIMITS.clientNarrationMax,
          maxDescriptionChars: VIDEO_LIMITS.visualDescriptionMax,
        },
        Context.current().cancellationSignal,
      );
    } catch (err) {
      throw providerFailure(err);
    }
    await videos.recordScript(video.id, { source: 'model', warnings: [] });
    // The recording, if the source had one, spoke the old language: the narration is made anew.
    return scenes.map((s, i) => ({
      visual_description: texts[i]!.visual_description,
      narration: texts[i]!.narration,
      image_asset_id: s.image_asset_id ?? null,
      audio_asset_id: null,
      search_terms: s.search_terms ?? null,
    }));
  }

  return {
    async writeScript(raw) {
      const input = parseInput(schemas.writeScript, raw);
      injectFaults('scripting', input.fault);
      const video = await loadVideo(videos, input.videoId);
      // A translation's first take is its source's scenes, translated by the script model, with
      // their pictures (docs/decisions/0069-recommended-models-and-translations.md).
      if (video.clientScenes && video.sourceLanguage && input.scriptVersion === 1) {
        return translated(video, video.clientScenes, video.sourceLanguage);
      }
      // The client's own script is the first take, word for word; a regenerate asks the
      // script writer for another take like any video's (docs/decisions/0005-client-scripts.md).
      if (video.clientScenes && input.scriptVersion === 1) {
        await videos.recordScript(video.id, { source: 'client', warnings: [] });
        return video.clientScenes.map((s) => ({
          visual_description: s.visual_description ?? '',
          narration: s.narration,
          image_asset_id: s.image_asset_id ?? null,
          audio_asset_id: s.audio_asset_id ?? null,
          search_terms: s.search_terms ?? null,
        }));
      }
      // A regenerate asks for another take, also with empty feedback: the provider sees the
      // script it replaces (scenes as they stand, edits included; cleared only after this).
      const previous =
        input.scriptVersion > 1
          ? (await videos.scenes.list(video.accountId, video.id)).map((s) => ({
              visual_description: s.visualDescription,
              narration: s.narration,
            }))
          : [];
      let written: Awaited<ReturnType<typeof writeReportedScript>>;
      try {
        written = await writeReportedScript(
          providers.script,
          {
            prompt: video.prompt,
            language: video.options.language,
            sceneCount: video.sceneCount,
            feedback: input.feedback ?? undefined,
            previous,
          },
          Context.current().cancellationSignal,
        );
      } catch (err) {
        throw providerFailure(err);
      }
      // The record says who wrote it and, for a planned script, what it could not write.
      await videos.recordScript(video.id, { source: written.source, warnings: written.warnings });
      return written.scenes;
    },

    async refineScript(raw) {
      const input = parseInput(schemas.refineScript, raw);
      injectFaults('refining', input.fault);
      const video = await loadVideo(videos, input.videoId);
      const clientScript = Boolean(video.clientScenes) && input.scriptVersion === 1;
      const refined = refineScenes(
        input.drafts,
        clientScript ? { maxNarrationChars: VIDEO_LIMITS.clientNarrationMax } : {},
      );
      const key = eventKeys.script.refined(input.scriptVersion);
      const appended = await videos.transaction(async (trx) => {
        const fresh = await videos.events.record(
          video.accountId,
          video.id,
          {
            key,
            type: 'stage_completed',
            stage: 'refining',
            data: { scene_count: refined.length },
            set: { scene_count: refined.length },
          },
          trx,
        );
        if (fresh) await videos.scenes.replace(video.accountId, video.id, refined, trx);
        return fresh;
      });
      if (appended) {
        const transition = { key, type: 'stage_completed' };
        await countTransition(videos.events, video.accountId, video.id, transition).catch(() => undefined);
      }
      return { sceneCount: refined.length };
    },
  };
}
