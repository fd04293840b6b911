/**
 * Generated from the vidgen API document by `npm run client:generate` (openapi-typescript).
 * Do not edit: change the controllers and DTOs in apps/api, then regenerate.
 */
export type paths = {
    "/api/v1/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Videos_list"];
        put?: never;
        post: operations["Videos_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Videos_get"];
        put?: never;
        post?: never;
        delete: operations["Videos_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Videos_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos/{id}/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Videos_regenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Videos_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos/{id}/transcript": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Videos_transcript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos/{id}/scenes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Videos_scenes"];
        put?: never;
        post: operations["Videos_addScene"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos/{id}/scenes/{sceneId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["Videos_deleteScene"];
        options?: never;
        head?: never;
        patch: operations["Videos_updateScene"];
        trace?: never;
    };
    "/api/v1/videos/{id}/storyboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Storyboard_get"];
        put?: never;
        post: operations["Storyboard_make"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Storyboard_preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos/{id}/translations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Translations_translate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Templates_list"];
        put?: never;
        post: operations["Templates_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Templates_get"];
        put?: never;
        post?: never;
        delete: operations["Templates_remove"];
        options?: never;
        head?: never;
        patch: operations["Templates_update"];
        trace?: never;
    };
    "/api/v1/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Batches_list"];
        put?: never;
        post: operations["Batches_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Batches_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches/{id}/rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Batches_rows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Batches_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Voices_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fonts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Fonts_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/brands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Brands_list"];
        put?: never;
        post: operations["Brands_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/brands/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Brands_get"];
        put?: never;
        post?: never;
        delete: operations["Brands_remove"];
        options?: never;
        head?: never;
        patch: operations["Brands_update"];
        trace?: never;
    };
    "/api/v1/brands/{id}/preview.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Brands_preview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Providers_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Assets_list"];
        put?: never;
        post: operations["Assets_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Assets_get"];
        put?: never;
        post?: never;
        delete: operations["Assets_remove"];
        options?: never;
        head?: never;
        patch: operations["Assets_update"];
        trace?: never;
    };
    "/api/v1/assets/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Assets_content"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Credits_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credits/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Credits_ledger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credits/purchase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Credits_purchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/callbacks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Callbacks_list"];
        put?: never;
        post: operations["Callbacks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/callbacks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["Callbacks_remove"];
        options?: never;
        head?: never;
        patch: operations["Callbacks_update"];
        trace?: never;
    };
    "/api/v1/callbacks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Callbacks_deliveriesOf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/callbacks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Callbacks_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Health_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Health_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        ErrorObjectDto: {
            /**
             * @example NOT_FOUND
             * @enum {string}
             */
            code: "UNAUTHORIZED" | "AUTH_ERROR" | "INVALID_TOKEN" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "INVALID_STATE" | "INSUFFICIENT_CREDITS" | "INVALID_PLAN" | "PAYMENT_FAILED" | "VALIDATION_ERROR" | "BAD_REQUEST" | "RATE_LIMITED" | "MAX_CONCURRENT_VIDEOS" | "INTERNAL_ERROR" | "DATABASE_ERROR";
            /** @example Video not found */
            message: string;
            /**
             * @description Also sent as the X-Request-Id header
             * @example req-7f3a
             */
            request_id: string;
        };
        ErrorBodyDto: {
            error: components["schemas"]["ErrorObjectDto"];
        };
        RateLimitBodyDto: {
            /**
             * @description Names the limit and the window
             * @example Rate limit exceeded: 10 per 1 day
             */
            error: string;
        };
        ValidationDetailDto: {
            /**
             * @description Where the problem is: the request part (body, query, header), then the field path
             * @example [
             *       "body",
             *       "prompt"
             *     ]
             */
            loc: (string | number)[];
            /** @example prompt is required */
            msg: string;
        };
        ValidationErrorObjectDto: {
            /**
             * @example VALIDATION_ERROR
             * @enum {string}
             */
            code: "VALIDATION_ERROR";
            /** @example Video not found */
            message: string;
            /**
             * @description Also sent as the X-Request-Id header
             * @example req-7f3a
             */
            request_id: string;
            details: components["schemas"]["ValidationDetailDto"][];
        };
        ValidationErrorBodyDto: {
            error: components["schemas"]["ValidationErrorObjectDto"];
        };
        ClientSceneDto: {
            /** @example Bees dance to share news. */
            narration: string;
            /** @description What the picture shows; made from the narration when left out */
            visual_description?: string;
            /**
             * Format: uuid
             * @description An uploaded image of this account, used for the scene instead of a generated one
             */
            image_asset_id?: string;
            /**
             * Format: uuid
             * @description An uploaded audio asset of this account: the scene's narration, its length the scene's; `narration` becomes its captions and no narration credit is charged for it
             */
            audio_asset_id?: string;
            /**
             * Format: uuid
             * @description A video clip of this account that plays in the scene (muted, fitted to the frame, cut or looped to the narration); not together with image_asset_id
             */
            video_asset_id?: string;
            /** @description Words for the stock search of a `"visuals": "stock"` video; made from visual_description when left out */
            search_terms?: string;
        };
        MusicDto: {
            /**
             * Format: uuid
             * @description An uploaded audio asset of this account
             */
            asset_id: string;
            /** @default 0.15 */
            volume?: number | null;
        };
        CaptionsDto: {
            /**
             * @description Draw captions into the picture
             * @default true
             */
            burn_in?: boolean | null;
            /** @default bottom */
            position?: ("bottom" | "center" | "top") | null;
            /** @default medium */
            size?: ("small" | "medium" | "large") | null;
            /**
             * @description `word`: the phrase on screen with the word being spoken highlighted; `phrase`: the phrase alone
             * @default word
             */
            style?: ("word" | "phrase") | null;
        };
        OutputDto: {
            /**
             * @description 720p: 1280×720, 720×1280 or 1024×1024; 1080p: 1920×1080, 1080×1920 or 1080×1080
             * @default 720p
             */
            resolution?: ("720p" | "1080p") | null;
            /**
             * @description Frames per second
             * @default 24
             */
            fps?: (24 | 25 | 30 | 60) | null;
        };
        CreateVideoDto: {
            /** @example How honey bees make honey */
            prompt?: string;
            /**
             * @description With `scenes`, their number (it may be left out). Left out for a prompt that lists things: a scene per item and one for its title, up to 12
             * @default 5
             */
            scene_count?: number | null;
            /** @default 16:9 */
            aspect_ratio?: ("16:9" | "9:16" | "1:1") | null;
            /**
             * @description A voice id from GET /voices that speaks the video's language; left out, the language's default voice
             * @example en-us
             */
            voice?: string | null;
            /**
             * @description How fast the voice speaks: the narration lasts about 1/voice_speed as long
             * @default 1
             */
            voice_speed?: number | null;
            /**
             * @description false: no speech and no narration credit; each scene lasts its reading time and its captions still show
             * @default true
             */
            narrate?: boolean | null;
            /**
             * @description Pass the review gate without waiting for approval
             * @default false
             */
            auto_approve?: boolean | null;
            /**
             * @description BCP 47 language of the script, the default voice and the captions
             * @default en
             * @example de
             */
            language?: string | null;
            /** @description The client's own script, taken verbatim instead of one written from the prompt */
            scenes?: components["schemas"]["ClientSceneDto"][];
            /** @description Music under the whole video */
            music?: components["schemas"]["MusicDto"] | null;
            /** @description null or left out: the defaults */
            captions?: components["schemas"]["CaptionsDto"] | null;
            /**
             * @description A slow zoom or pan on every still
             * @default kenburns
             */
            motion?: ("kenburns" | "none") | null;
            /**
             * @description A short crossfade between scenes
             * @default fade
             */
            transition?: ("fade" | "none") | null;
            /**
             * @description Where scenes get their pictures: generated, or clips and photos from the stock library STOCK_PROVIDER names (422 when none is configured)
             * @default generated
             */
            visuals?: ("generated" | "stock") | null;
            /** @description Frame size and rate; null or left out: 720p at 24 fps */
            output?: components["schemas"]["OutputDto"] | null;
            /**
             * Format: uuid
             * @description A brand of this account (GET /brands) the video wears: its logo, font, caption colours and cards. Left out: the account's default brand, if any
             */
            brand_id?: string;
            /**
             * Format: uuid
             * @description Make the video a template describes (GET /templates): its request with `variables` filled in; any field sent beside `template_id` replaces the template's. `prompt` may then be left out
             */
            template_id?: string;
            /**
             * @description With `template_id`: a value for each of the template's `variables`, plain text that is never read for placeholders again. A missing or unknown name is a 422 at `["body", "variables", name]`
             * @example {
             *       "product": "Trail shoe",
             *       "price": "89 EUR"
             *     }
             */
            variables?: {
                [key: string]: string;
            };
        } & ((unknown | unknown) & (unknown | {
            scene_count?: null;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 1;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 2;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 3;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 4;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 5;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 6;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 7;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 8;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 9;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 10;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 11;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 12;
        }) & (unknown | unknown));
        MusicOptionsDto: {
            /** Format: uuid */
            asset_id: string;
            volume: number;
        };
        CaptionOptionsDto: {
            burn_in: boolean;
            /** @enum {string} */
            position: "bottom" | "center" | "top";
            /** @enum {string} */
            size: "small" | "medium" | "large";
            /** @enum {string} */
            style: "word" | "phrase";
        };
        OutputOptionsDto: {
            /** @enum {string} */
            resolution: "720p" | "1080p";
            /** @enum {integer} */
            fps: 24 | 25 | 30 | 60;
        };
        BrandLogoRecordDto: {
            /** Format: uuid */
            asset_id: string;
            /** @enum {string} */
            position: "top-left" | "top-right" | "bottom-left" | "bottom-right";
            size: number;
            opacity: number;
        };
        BrandCaptionsRecordDto: {
            text_color: string;
            box_color: string;
            box_opacity: number;
            highlight_color: string;
            /** @enum {string} */
            position: "bottom" | "middle" | "top";
        };
        BrandIntroRecordDto: {
            title: string;
            seconds: number;
        };
        BrandOutroRecordDto: {
            text: string;
            seconds: number;
        };
        VideoBrandDto: {
            /**
             * Format: uuid
             * @description The brand it was copied from (which may have changed or gone since)
             */
            id: string;
            name: string;
            logo: components["schemas"]["BrandLogoRecordDto"] | null;
            font: string | null;
            captions: components["schemas"]["BrandCaptionsRecordDto"] | null;
            palette: string[] | null;
            intro: components["schemas"]["BrandIntroRecordDto"] | null;
            outro: components["schemas"]["BrandOutroRecordDto"] | null;
        };
        VideoOptionsDto: {
            /** @enum {string} */
            aspect_ratio: "16:9" | "9:16" | "1:1";
            /** @example en-us */
            voice: string | null;
            auto_approve: boolean;
            /** @example en */
            language: string;
            music: components["schemas"]["MusicOptionsDto"] | null;
            captions: components["schemas"]["CaptionOptionsDto"];
            /** @enum {string} */
            motion: "kenburns" | "none";
            /** @enum {string} */
            transition: "fade" | "none";
            voice_speed: number;
            /** @description false: no speech; captions still show */
            narrate: boolean;
            /** @enum {string} */
            visuals: "generated" | "stock";
            output: components["schemas"]["OutputOptionsDto"];
            /** @description The brand the video wears, as it was when made */
            brand?: components["schemas"]["VideoBrandDto"] | null;
        };
        FailureReasonDto: {
            /** @enum {string} */
            code: "AI_SERVICE_TIMEOUT" | "AI_SERVICE_ERROR" | "IMAGE_GENERATION_ERROR" | "AUDIO_GENERATION_ERROR" | "RENDER_TIMEOUT" | "RENDER_ERROR" | "INSUFFICIENT_CREDITS" | "INTERNAL_ERROR";
            /** @example Image generation failed for scene 2 */
            message: string;
            /** @enum {string} */
            stage: "scripting" | "refining" | "visualising" | "narrating" | "curating" | "rendering" | "approval";
        };
        RecordWarningDto: {
            /** @example planner_cannot_write */
            code: string;
            /** @example No language model wrote this script: the offline planner only reads the prompt’s own words back, so a question is repeated, not answered. Connect a language model … */
            message: string;
        };
        ProgressDto: {
            /**
             * @description The stage running
             * @enum {string}
             */
            stage: "scripting" | "refining" | "visualising" | "narrating" | "curating" | "rendering";
            /** @description Share of the whole pipeline done (the stages weigh scripting 3, refining 3, visualising 8, narrating 26, curating 1, rendering 59); never lower later in the same run */
            percent: number;
            /** @description Seconds until the run stops (at the review gate for a script, at the finished video for production), from the measured speeds of recent runs; null while unmeasured */
            eta_seconds: number | null;
        };
        PreviewDto: {
            /**
             * @description rendering, then ready or failed; stale once a scene was edited after it was asked for
             * @enum {string}
             */
            status: "rendering" | "ready" | "failed" | "stale";
            /**
             * Format: uri
             * @description Absolute, signed and expiring: downloadable without a key: the draft's MP4 (360p, 15 fps, marked PREVIEW); null until it is rendered
             */
            url: string | null;
            /**
             * @description When the draft was asked for
             * @example 2026-11-21T10:00:00.123456
             */
            created_at: string;
        };
        VideoRecordDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "pending" | "scripting" | "refining" | "visualising" | "narrating" | "curating" | "rendering" | "completed" | "failed";
            /** @example How honey bees make honey */
            prompt: string;
            /**
             * Format: uuid
             * @description The video this one translates (POST /videos/{id}/translations); null for any other video
             */
            source_video_id: string | null;
            /**
             * Format: uri
             * @description Absolute, signed and expiring: downloadable without a key; null until the file exists
             */
            video_url: string | null;
            /**
             * Format: uri
             * @description Absolute, signed and expiring: downloadable without a key; null until the file exists
             */
            audio_url: string | null;
            /**
             * Format: uri
             * @description Absolute, signed and expiring: downloadable without a key; null until the file exists
             */
            thumbnail_url: string | null;
            /**
             * Format: uri
             * @description WebVTT captions. Absolute, signed and expiring: downloadable without a key; null until the file exists
             */
            subtitles_url: string | null;
            /** @description At the review gate: scenes can be edited, approve starts production */
            awaiting_approval: boolean;
            /** @description The stage running or last run */
            stage: ("scripting" | "refining" | "visualising" | "narrating" | "curating" | "rendering") | null;
            scene_count: number;
            options: components["schemas"]["VideoOptionsDto"];
            failure_reason: components["schemas"]["FailureReasonDto"] | null;
            credits_charged: number;
            credits_refunded: number;
            /** @description What approving would charge; null unless awaiting approval */
            estimated_credits: number | null;
            /** @description Who wrote the script: `model` (a language model), `planner` (the offline planner, which only rearranges the prompt’s words) or `client` (the `scenes` sent); null until a script is written */
            script_source: ("model" | "planner" | "client") | null;
            /** @description What the video’s making warns of, e.g. `planner_cannot_write` with how to connect a model; [] when nothing */
            warnings: components["schemas"]["RecordWarningDto"][];
            /** @description How far the running pipeline is; null when nothing runs (at the review gate, completed, failed). GET /videos/{id}/events streams it */
            progress: components["schemas"]["ProgressDto"] | null;
            /** @description The draft made at the review gate (POST /videos/{id}/preview); null when none was asked for */
            preview: components["schemas"]["PreviewDto"] | null;
            /** @example 2026-11-21T10:00:00.123456 */
            created_at: string;
            /** @example 2026-11-21T10:00:00.123456 */
            updated_at: string;
        };
        VideoPageDto: {
            /** @description Newest first */
            data: components["schemas"]["VideoRecordDto"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        RegenerateDto: {
            /**
             * @description What to change in the script; an empty string is accepted
             * @example More about pollen
             */
            feedback: string;
        };
        VideoEventDto: {
            /** Format: uuid */
            id: string;
            /** @description Order within the video, from 1 */
            seq: number;
            /** @example status_changed */
            type: string;
            /** @example scripting */
            status: string | null;
            /** @example scripting */
            stage: string | null;
            data: {
                [key: string]: unknown;
            };
            /** @example 2026-11-21T10:00:00.123456 */
            created_at: string;
        };
        TranscriptWordDto: {
            /** @example Bees */
            text: string;
            /** @description Seconds from the start of the video */
            start: number;
            /** @description Seconds from the start of the video */
            end: number;
        };
        TranscriptSceneDto: {
            /** Format: uuid */
            scene_id: string;
            /** @description Seconds from the start of the video */
            start: number;
            /** @description Seconds from the start of the video */
            end: number;
            /** @description In order, inside the scene */
            words: components["schemas"]["TranscriptWordDto"][];
        };
        TranscriptDto: {
            /** @description In order of position */
            scenes: components["schemas"]["TranscriptSceneDto"][];
        };
        AttributionDto: {
            /** @example Octopus */
            title: string;
            /** @example Microsoft */
            author: string;
            /** @example MIT */
            license: string;
            /**
             * Format: uri
             * @example https://github.com/microsoft/fluentui-emoji
             */
            source_url: string;
        };
        SceneRecordDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            video_id: string;
            /** @description 1-based order in the video */
            position: number;
            visual_description: string;
            narration: string;
            /**
             * Format: uuid
             * @description The scene picture asset
             */
            image_asset_id: string | null;
            /**
             * Format: uri
             * @description Absolute, signed and expiring: downloadable without a key; null until the file exists
             */
            image_url: string | null;
            /**
             * Format: uuid
             * @description The client's own recording used as the narration; null when it is synthesised
             */
            audio_asset_id: string | null;
            /**
             * @description What the scene's picture shows (its asset's depicts); null without one
             * @example [
             *       "octopus",
             *       "sea"
             *     ]
             */
            image_depicts: string[] | null;
            /** @description The third-party works in the scene's picture or clip (a stock photo's or clip's author, page and licence); [] without one */
            image_attribution: components["schemas"]["AttributionDto"][];
            /**
             * Format: uuid
             * @description The clip that plays in the scene instead of a picture
             */
            video_asset_id: string | null;
            /**
             * Format: uri
             * @description Absolute, signed and expiring: downloadable without a key; null until the file exists
             */
            video_url: string | null;
            /**
             * Format: uri
             * @description Absolute, signed and expiring: downloadable without a key; null until the file exists
             */
            narration_url: string | null;
            /** @description Length of the spoken narration */
            narration_seconds: number | null;
            /** @example 2026-11-21T10:00:00.123456 */
            created_at: string;
            /** @example 2026-11-21T10:00:00.123456 */
            updated_at: string;
        };
        AddSceneDto: {
            visual_description: string;
            narration: string;
            /** @description 1-based position; default: after the last scene */
            position?: number;
            /**
             * Format: uuid
             * @description An uploaded image of this account for the scene; null goes back to a generated image
             */
            image_asset_id?: string | null;
            /**
             * Format: uuid
             * @description A video clip of this account that plays in the scene (muted, fitted to the frame, cut or looped to the narration); not together with image_asset_id
             */
            video_asset_id?: string | null;
        };
        UpdateSceneDto: {
            visual_description?: string;
            narration?: string;
            /**
             * Format: uuid
             * @description An uploaded image of this account for the scene; null goes back to a generated image
             */
            image_asset_id?: string | null;
            /**
             * Format: uuid
             * @description A video clip of this account that plays in the scene (muted, fitted to the frame, cut or looped to the narration); not together with image_asset_id
             */
            video_asset_id?: string | null;
        };
        StoryboardSceneDto: {
            /** Format: uuid */
            scene_id: string;
            position: number;
            narration: string;
            /**
             * Format: uri
             * @description Absolute, signed and expiring: downloadable without a key: the scene's picture (or clip); null while it is not made yet
             */
            image_url: string | null;
            /** @description How long the scene lasts: its narration once made, else its reading time at the video’s voice speed */
            estimated_seconds: number;
        };
        StoryboardDto: {
            /**
             * Format: uri
             * @description Absolute, signed and expiring: downloadable without a key: a PNG contact sheet of the scenes' pictures in order, numbered, without their text (an empty tile for a picture not made yet); null without scenes
             */
            sheet_url: string | null;
            /** @description In order of position */
            scenes: components["schemas"]["StoryboardSceneDto"][];
        };
        TranslateVideoDto: {
            /**
             * @description BCP 47 language to translate the video into; not the language it is in
             * @example de
             */
            language: string;
            /**
             * @description A voice id from GET /voices that speaks `language`; left out, the language's default voice
             * @example de
             */
            voice?: string | null;
        };
        CreateTemplateDto: {
            /** @example Product spotlight */
            name: string;
            description?: string | null;
            /** @description A POST /videos body whose `prompt`, `scenes[].narration` and `scenes[].visual_description` may hold `{{name}}` placeholders (letters, digits, `_`); it cannot name a template (`template_id`, `variables`) nor hold `faults`; or send `from_video_id` */
            request?: components["schemas"]["TemplateRequestDto"];
            /**
             * Format: uuid
             * @description A video of the account: its request, with its scenes as they are now, becomes the template's
             */
            from_video_id?: string;
        } & (unknown | unknown);
        TemplateRecordDto: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            /** @description A POST /videos body whose `prompt`, `scenes[].narration` and `scenes[].visual_description` may hold `{{name}}` placeholders (letters, digits, `_`); it cannot name a template (`template_id`, `variables`) nor hold `faults` */
            request: components["schemas"]["TemplateRequestDto"];
            /**
             * @description The request's placeholder names, sorted and unique
             * @example [
             *       "price",
             *       "product"
             *     ]
             */
            variables: string[];
            /** @example 2026-11-21T10:00:00.123456Z */
            created_at: string;
            /** @example 2026-11-21T10:00:00.123456Z */
            updated_at: string;
        };
        TemplatePageDto: {
            /** @description Newest first */
            data: components["schemas"]["TemplateRecordDto"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        UpdateTemplateDto: {
            name?: string;
            description?: string | null;
            /** @description A POST /videos body whose `prompt`, `scenes[].narration` and `scenes[].visual_description` may hold `{{name}}` placeholders (letters, digits, `_`); it cannot name a template (`template_id`, `variables`) nor hold `faults`; replaces the whole request */
            request?: components["schemas"]["TemplateRequestDto"];
        };
        BatchRowDto: {
            /**
             * @description A value for each of the template's variables, as for POST /videos; none may be empty
             * @example {
             *       "product": "Trail shoe",
             *       "price": "89 EUR"
             *     }
             */
            variables: {
                [key: string]: string;
            };
            /**
             * @description Anything of yours to find the row by (a SKU, a customer id); shown with the row
             * @example {
             *       "sku": "TS-42"
             *     }
             */
            metadata?: {
                [key: string]: unknown;
            };
        };
        CreateBatchDto: {
            /**
             * Format: uuid
             * @description The template every row fills in
             */
            template_id: string;
            rows: components["schemas"]["BatchRowDto"][];
            /**
             * @description Pass the review gate without waiting for approval (replaces the template's auto_approve); null is the default
             * @default true
             */
            auto_approve?: boolean | null;
        };
        BatchRecordDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            template_id: string;
            /** @enum {string} */
            status: "running" | "completed" | "cancelled";
            total: number;
            /** @description Rows whose video has not been created yet */
            waiting: number;
            in_progress: number;
            completed: number;
            failed: number;
            /** @description Rows a cancel stopped before they started */
            cancelled: number;
            /** @example 2026-11-21T10:00:00.123456Z */
            created_at: string;
            /** @example 2026-11-21T10:30:00.123456Z */
            completed_at: string | null;
        };
        BatchPageDto: {
            /** @description Newest first */
            data: components["schemas"]["BatchRecordDto"][];
            next_cursor: string | null;
        };
        BatchRowRecordDto: {
            /** @description The row’s place in the batch, from 0 */
            index: number;
            /** @enum {string} */
            status: "waiting" | "in_progress" | "completed" | "failed" | "cancelled";
            /**
             * Format: uuid
             * @description Its video, once created
             */
            video_id: string | null;
            variables: {
                [key: string]: string;
            };
            metadata: {
                [key: string]: unknown;
            } | null;
        };
        BatchRowPageDto: {
            /** @description In order of index */
            data: components["schemas"]["BatchRowRecordDto"][];
            next_cursor: string | null;
        };
        VoiceDto: {
            /**
             * @description What `voice` on POST /videos takes
             * @example de+f3
             */
            id: string;
            /** @example German, female */
            name: string;
            /**
             * @description BCP 47 tag (`mul`: every language the provider supports)
             * @example de
             */
            language: string;
            /**
             * @description The engine that speaks it: Piper (neural, offline), espeak-ng (formant, offline) or OpenAI
             * @enum {string}
             */
            provider: "piper" | "espeak" | "openai";
            /**
             * @description `neural`: a trained voice model; `formant`: rule-based synthesis. Neural voices are listed first
             * @enum {string}
             */
            quality: "neural" | "formant";
        };
        VoiceListDto: {
            data: components["schemas"]["VoiceDto"][];
        };
        FontDto: {
            /**
             * @description What `font` on POST /brands takes
             * @example inter
             */
            id: string;
            /**
             * @description The family name the captions and cards are drawn in
             * @example Inter
             */
            family: string;
            /**
             * @description Scripts it writes (ISO 15924: Latn, Cyrl, Grek, Deva, Jpan); text in another script falls back to a font that writes it
             * @example [
             *       "Cyrl",
             *       "Grek",
             *       "Latn"
             *     ]
             */
            scripts: string[];
            /**
             * @description SPDX licence of the font
             * @example OFL-1.1
             */
            license: string;
            /**
             * @description The registry package that ships it
             * @example @fontsource/inter
             */
            package: string;
        };
        FontListDto: {
            data: components["schemas"]["FontDto"][];
        };
        BrandLogoDto: {
            /**
             * Format: uuid
             * @description An image asset of this account (a PNG keeps its transparency)
             */
            asset_id: string;
            /** @default top-right */
            position?: ("top-left" | "top-right" | "bottom-left" | "bottom-right") | null;
            /**
             * @description The logo's width as a share of the frame's short side
             * @default 0.12
             */
            size?: number | null;
            /** @default 0.9 */
            opacity?: number | null;
        };
        BrandCaptionsDto: {
            /** @default #FFFFFF */
            text_color?: string | null;
            /** @default #000000 */
            box_color?: string | null;
            /** @default 0.7 */
            box_opacity?: number | null;
            /**
             * @description The spoken word in `word` captions
             * @default #FFD23F
             */
            highlight_color?: string | null;
            /** @default bottom */
            position?: ("bottom" | "middle" | "top") | null;
        };
        BrandIntroDto: {
            /** @description The title on the opening card */
            title: string;
            /** @default 2 */
            seconds?: number | null;
        };
        BrandOutroDto: {
            /** @description The text on the closing card */
            text: string;
            /** @default 2 */
            seconds?: number | null;
        };
        CreateBrandDto: {
            /** @description Drawn in a corner of every scene */
            logo?: components["schemas"]["BrandLogoDto"] | null;
            /**
             * @description A font id of GET /fonts
             * @example inter
             */
            font?: ("dejavu-sans" | "inter" | "lato" | "noto-sans" | "noto-sans-jp") | null;
            /** @description Colours and place of burned-in captions */
            captions?: components["schemas"]["BrandCaptionsDto"] | null;
            /**
             * @description Backdrops of the intro and outro cards: the first is the card's, the second its text's
             * @example [
             *       "#0B3D91",
             *       "#FFFFFF"
             *     ]
             */
            palette?: string[] | null;
            /** @description A card before the first scene: not narrated, not charged */
            intro?: components["schemas"]["BrandIntroDto"] | null;
            /** @description A card after the last scene: not narrated, not charged */
            outro?: components["schemas"]["BrandOutroDto"] | null;
            /** @description The account's default brand: videos created without brand_id wear it (one at a time) */
            default?: boolean | null;
            /** @example Acme */
            name: string;
        };
        BrandRecordDto: {
            /** Format: uuid */
            id: string;
            name: string;
            logo: components["schemas"]["BrandLogoRecordDto"] | null;
            /** @description null: the default font (DejaVu Sans) */
            font: string | null;
            captions: components["schemas"]["BrandCaptionsRecordDto"] | null;
            palette: string[] | null;
            intro: components["schemas"]["BrandIntroRecordDto"] | null;
            outro: components["schemas"]["BrandOutroRecordDto"] | null;
            /** @description The account's default brand */
            default: boolean;
            /** @example 2026-11-21T10:00:00.123456Z */
            created_at: string;
            /** @example 2026-11-21T10:00:00.123456Z */
            updated_at: string;
        };
        BrandListDto: {
            data: components["schemas"]["BrandRecordDto"][];
        };
        UpdateBrandDto: {
            /** @description Drawn in a corner of every scene */
            logo?: components["schemas"]["BrandLogoDto"] | null;
            /**
             * @description A font id of GET /fonts
             * @example inter
             */
            font?: ("dejavu-sans" | "inter" | "lato" | "noto-sans" | "noto-sans-jp") | null;
            /** @description Colours and place of burned-in captions */
            captions?: components["schemas"]["BrandCaptionsDto"] | null;
            /**
             * @description Backdrops of the intro and outro cards: the first is the card's, the second its text's
             * @example [
             *       "#0B3D91",
             *       "#FFFFFF"
             *     ]
             */
            palette?: string[] | null;
            /** @description A card before the first scene: not narrated, not charged */
            intro?: components["schemas"]["BrandIntroDto"] | null;
            /** @description A card after the last scene: not narrated, not charged */
            outro?: components["schemas"]["BrandOutroDto"] | null;
            /** @description The account's default brand: videos created without brand_id wear it (one at a time) */
            default?: boolean | null;
            name?: string;
        };
        StageProviderDto: {
            /**
             * @description What serves the stage: `local` (offline), `openai` (an OpenAI-compatible API), `ollama` (the Ollama model the worker found at OLLAMA_HOST with no script provider set), `llama` (a GGUF model in the worker), for stock `pexels` or `pixabay`, `none`
             * @example openai
             */
            provider: string;
            /**
             * @description The model (for `llama`, the model file’s name; for local pictures `illustrator`, local scripts `planner`); null when the stage has none
             * @example gpt-4o-mini
             */
            model: string | null;
        };
        SpeechLanguageDto: {
            /**
             * @description The language’s primary subtag: every tag of that language
             * @example en
             */
            language: string;
            /**
             * @description The engine that speaks it, as GET /voices names it
             * @example piper
             */
            provider: string;
            /**
             * @description The voice a video in that language gets by default (a Piper voice is its own model)
             * @example en_US-joe-medium
             */
            model: string;
        };
        SpeechStageProviderDto: {
            /**
             * @description What serves the stage: `local` (offline), `openai` (an OpenAI-compatible API), `ollama` (the Ollama model the worker found at OLLAMA_HOST with no script provider set), `llama` (a GGUF model in the worker), for stock `pexels` or `pixabay`, `none`
             * @example openai
             */
            provider: string;
            /**
             * @description The model (for `llama`, the model file’s name; for local pictures `illustrator`, local scripts `planner`); null when the stage has none
             * @example gpt-4o-mini
             */
            model: string | null;
            /** @description The languages spoken by another engine than `model` says (with the local provider, each language with an installed Piper voice); `model` speaks every other language. [] when one model speaks them all */
            languages: components["schemas"]["SpeechLanguageDto"][];
        };
        ProvidersDto: {
            script: components["schemas"]["StageProviderDto"];
            image: components["schemas"]["StageProviderDto"];
            /** @description Narration: `{"provider": "local", "model": "espeak-ng"}` for the languages not in `languages`, Piper for those in it */
            speech: components["schemas"]["SpeechStageProviderDto"];
            /** @description Stock footage: `{"provider": "pexels" | "pixabay", "model": null}`, or `{"provider": "none", "model": null}` when none is configured */
            stock: components["schemas"]["StageProviderDto"];
        };
        ImportAssetDto: {
            /**
             * @description HTTPS URL of a PNG, JPEG or WebP image or an MP3, WAV, M4A/AAC or Ogg file
             * @example https://example.com/music/theme.mp3
             */
            source_url: string;
            /** @description Defaults to the last part of the URL path */
            name?: string;
        };
        AssetRecordDto: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The video that made it; null for a client file
             */
            video_id: string | null;
            /**
             * Format: uuid
             * @description The scene it belongs to
             */
            scene_id: string | null;
            /**
             * @description A client file is an image, audio or a video clip
             * @enum {string}
             */
            type: "video" | "audio" | "thumbnail" | "image" | "narration" | "subtitles";
            /** @enum {string} */
            source: "upload" | "import" | "generated" | "stock";
            /** @description The client's label: the name given, else the file name or the URL's last path segment */
            name: string | null;
            /**
             * @description Taken from the bytes, never from the file name
             * @example image/png
             */
            content_type: string;
            bytes: number;
            /**
             * @description The same as content_type
             * @example image/png
             */
            mime_type: string;
            /** @description The same as bytes */
            size_bytes: number;
            /** @description Pixels, for pictures and videos */
            width: number | null;
            height: number | null;
            /** @description For audio and video */
            duration_seconds: number | null;
            /**
             * @description What the picture shows, as English names; [] when it shows nothing in particular (a backdrop alone); null when unknown (the client's own files, files that are not pictures)
             * @example [
             *       "octopus",
             *       "sea"
             *     ]
             */
            depicts: string[] | null;
            /** @description Every third-party work in the file (artwork, stock); [] when there is none */
            attribution: components["schemas"]["AttributionDto"][];
            /**
             * Format: uri
             * @description Absolute, signed and expiring: downloadable without a key
             */
            url: string | null;
            /** @example 2026-11-21T10:00:00.123456 */
            created_at: string;
        };
        UpdateAssetDto: {
            /** @description null clears the name */
            name: string | null;
        };
        AssetPageDto: {
            /** @description Newest first */
            data: components["schemas"]["AssetRecordDto"][];
            /** @description null on the last page */
            next_cursor: string | null;
        };
        CreditsSummaryDto: {
            /** @example 95 */
            balance: number;
            /** @enum {string} */
            plan: "free" | "starter" | "pro";
        };
        LedgerEntryDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "granted" | "purchased" | "charged" | "refunded";
            /** @description Positive for granted, purchased and refunded; negative for charged */
            amount: number;
            balance_after: number;
            /** Format: uuid */
            video_id: string | null;
            /**
             * @description What was charged or refunded
             * @example image:2
             */
            item: string | null;
            reason: string | null;
            /** @example 2026-11-21T10:00:00.123456 */
            created_at: string;
        };
        LedgerPageDto: {
            /** @description Newest first */
            data: components["schemas"]["LedgerEntryDto"][];
            /** @description null on the last page */
            next_cursor: string | null;
        };
        PurchaseDto: {
            /**
             * @description Plan to buy: starter (100 credits) or pro (1000 credits); another name is 400 INVALID_PLAN
             * @example starter
             * @enum {string}
             */
            plan: "starter" | "pro";
            /**
             * @description Token from the payment provider
             * @example tok_test_ok_visa
             */
            payment_token: string;
        };
        PurchaseResultDto: {
            /** @description Balance after the purchase */
            balance: number;
            /** @enum {string} */
            plan: "starter" | "pro";
            /** @example 100 */
            credits_added: number;
            /** @description The payment provider's reference; one purchase per reference */
            payment_reference: string;
        };
        CreateCallbackDto: {
            /**
             * @description HTTPS URL that receives deliveries
             * @example https://example.com/hooks/vidgen
             */
            url: string;
            /**
             * @description Event type this webhook subscribes to
             * @enum {string}
             */
            event: "video.completed" | "video.failed" | "batch.completed" | "video.awaiting_approval" | "video.stage_changed" | "video.preview_ready";
        };
        WebhookRecordDto: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description Owner of the webhook
             */
            user_id: string;
            url: string;
            /** @enum {string} */
            event: "video.completed" | "video.failed" | "batch.completed" | "video.awaiting_approval" | "video.stage_changed" | "video.preview_ready";
            /** @description Signing secret for X-Service-Signature */
            secret: string;
            is_active: boolean;
            /** @example 2026-11-21T10:00:00.123456Z */
            created_at: string;
        };
        UpdateCallbackDto: {
            /** @description false stops deliveries to this webhook; true resumes them */
            is_active: boolean;
        };
        DeliveryAttemptDto: {
            /** @description 1 for the first delivery, 2… for redeliveries */
            run: number;
            /** @description 1…4 within the run */
            attempt: number;
            /** @enum {string} */
            outcome: "succeeded" | "failed";
            /** @example 2026-11-21T10:00:00.123000Z */
            attempted_at: string;
            duration_ms: number | null;
            /** @description HTTP status the receiver answered */
            status_code: number | null;
            /** @description why no 2xx arrived (timeout, TLS, refused, …) */
            error: string | null;
            /** @description when the next attempt is due, if any */
            next_retry_at: string | null;
        };
        WebhookDeliveryDto: {
            /**
             * Format: uuid
             * @description Sent as X-Service-Delivery-Id
             */
            id: string;
            /** Format: uuid */
            webhook_id: string;
            /** @enum {string} */
            event: "video.completed" | "video.failed" | "batch.completed" | "video.awaiting_approval" | "video.stage_changed" | "video.preview_ready";
            /**
             * Format: uuid
             * @description The video of a video event; null for batch.completed
             */
            video_id: string | null;
            /**
             * Format: uuid
             * @description The batch of batch.completed; null for a video event
             */
            batch_id: string | null;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed" | "cancelled";
            next_retry_at: string | null;
            created_at: string;
            updated_at: string;
            /** @description Oldest first, across runs */
            attempts: components["schemas"]["DeliveryAttemptDto"][];
        };
        DeliveryPageDto: {
            /** @description Newest first */
            data: components["schemas"]["WebhookDeliveryDto"][];
            next_cursor: string | null;
        };
        LiveDto: {
            /** @enum {string} */
            status: "ok";
        };
        CheckResultDto: {
            /** @enum {string} */
            status: "ok" | "failed";
            /** @description How long the check took */
            ms: number;
            /** @example no answer within 2000 ms */
            error?: string;
        };
        ReadyChecksDto: {
            database: components["schemas"]["CheckResultDto"];
            temporal: components["schemas"]["CheckResultDto"];
        };
        WorkersDto: {
            task_queue: string;
            /** @description Worker pollers Temporal has seen; null if unknown */
            pollers: number | null;
        };
        ReadyDto: {
            /** @enum {string} */
            status: "ok" | "unavailable";
            checks: components["schemas"]["ReadyChecksDto"];
            workers: components["schemas"]["WorkersDto"];
        };
        TemplateRequestDto: {
            /** @example How honey bees make honey */
            prompt: string;
            /**
             * @description With `scenes`, their number (it may be left out). Left out for a prompt that lists things: a scene per item and one for its title, up to 12
             * @default 5
             */
            scene_count?: number | null;
            /** @default 16:9 */
            aspect_ratio?: ("16:9" | "9:16" | "1:1") | null;
            /**
             * @description A voice id from GET /voices that speaks the video's language; left out, the language's default voice
             * @example en-us
             */
            voice?: string | null;
            /**
             * @description How fast the voice speaks: the narration lasts about 1/voice_speed as long
             * @default 1
             */
            voice_speed?: number | null;
            /**
             * @description false: no speech and no narration credit; each scene lasts its reading time and its captions still show
             * @default true
             */
            narrate?: boolean | null;
            /**
             * @description Pass the review gate without waiting for approval
             * @default false
             */
            auto_approve?: boolean | null;
            /**
             * @description BCP 47 language of the script, the default voice and the captions
             * @default en
             * @example de
             */
            language?: string | null;
            /** @description The client's own script, taken verbatim instead of one written from the prompt */
            scenes?: components["schemas"]["ClientSceneDto"][];
            /** @description Music under the whole video */
            music?: components["schemas"]["MusicDto"] | null;
            /** @description null or left out: the defaults */
            captions?: components["schemas"]["CaptionsDto"] | null;
            /**
             * @description A slow zoom or pan on every still
             * @default kenburns
             */
            motion?: ("kenburns" | "none") | null;
            /**
             * @description A short crossfade between scenes
             * @default fade
             */
            transition?: ("fade" | "none") | null;
            /**
             * @description Where scenes get their pictures: generated, or clips and photos from the stock library STOCK_PROVIDER names (422 when none is configured)
             * @default generated
             */
            visuals?: ("generated" | "stock") | null;
            /** @description Frame size and rate; null or left out: 720p at 24 fps */
            output?: components["schemas"]["OutputDto"] | null;
            /**
             * Format: uuid
             * @description A brand of this account (GET /brands) the video wears: its logo, font, caption colours and cards. Left out: the account's default brand, if any
             */
            brand_id?: string;
        } & (unknown | {
            scene_count?: null;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 1;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 2;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 3;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 4;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 5;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 6;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 7;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 8;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 9;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 10;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 11;
        } | {
            scenes?: unknown;
            /** @constant */
            scene_count?: 12;
        });
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request's id: the client's X-Request-Id when it sent a sane one, else a new UUID */
        "X-Request-Id": string;
        /** @description Seconds until the limit admits a request again (sent by the rate limiter) */
        "Retry-After": number;
    };
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    Videos_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                status?: "pending" | "scripting" | "refining" | "visualising" | "narrating" | "curating" | "rendering" | "completed" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoPageDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Videos_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1-255 printable ASCII characters. The same key with the same body replays the first result for 24 h (with `Idempotent-Replayed: true`); with another body it is 409 CONFLICT */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateVideoDto"];
            };
        };
        responses: {
            /** @description The video, queued for scripting */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description CONFLICT: the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: a field out of its limits, an unknown field, a voice or asset that is not this account's; with template_id, one detail per missing or unknown variable at ["body", "variables", name], or a template_id that is not a template of this account */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description MAX_CONCURRENT_VIDEOS (standard body) when 3 videos are in progress; or the rate limiter (simple body, Retry-After): the per-key limit per minute, or the daily video quota of the plan */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"] | components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Videos_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoRecordDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Videos_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted: its workflow ends, its files are removed, its ledger events stay */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: the video is being processed (also queued) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Videos_approve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Production started (or, for a failed video, resumed) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoRecordDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INSUFFICIENT_CREDITS: the message states the required and the available credits */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: completed, a stage running, or failed without scenes (call regenerate first) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description MAX_CONCURRENT_VIDEOS (standard body) when 3 videos are in progress; or the rate limiter (simple body, Retry-After): the per-key limit per minute (retrying a failed video puts it in progress again) */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"] | components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Videos_regenerate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegenerateDto"];
            };
        };
        responses: {
            /** @description Scripting runs again with the feedback; ends at the gate */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: completed or a stage running */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description MAX_CONCURRENT_VIDEOS (standard body) when 3 videos are in progress; or the rate limiter (simple body, Retry-After): the per-key limit per minute (regenerating a failed video puts it in progress again) */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"] | components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Videos_events: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The append-only event log, oldest first (JSON). With `Accept: text/event-stream`, Server-Sent Events: the events of the log after `Last-Event-ID` (all of them without it), then each new one as it is logged, named by its `type` (`stage_started`, `scene_image_generated`, `scene_narrated`, `awaiting_approval`, `completed`, `failed`, `deleted`, …; its data is the event as in the list, and an event whose `status` is not null changed the video's status), and `progress` (data: the status, `stage`, `percent`, `eta_seconds`) at least every 2 s while the video runs. Every message has an `id:`, larger than the one before; send the last one seen as `Last-Event-ID` to resume without losing or repeating an event of the log. The server closes the stream after the terminal event: `completed`, `failed` (unless retried since) or `deleted`. A comment line keeps a quiet stream open through proxies. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoEventDto"][];
                    "text/event-stream": string;
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Videos_transcript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every narration word and when it is spoken, in seconds from the start of the video: the timings the captions use */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranscriptDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: the video is not completed */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Videos_scenes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description In order of position */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SceneRecordDto"][];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Videos_addScene: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddSceneDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SceneRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: the video is not awaiting approval */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Videos_deleteScene: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sceneId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; the scenes after it move up */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: the video is not awaiting approval */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Videos_updateScene: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sceneId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSceneDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SceneRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: the video is not awaiting approval */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Storyboard_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every scene with its picture, made or not yet */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoryboardDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Storyboard_make: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pictures that were missing, made now; from a model or stock their image credits are charged now, and the render uses them without charging again */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoryboardDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INSUFFICIENT_CREDITS: the paid pictures cost more than the balance */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: the video is not awaiting approval (e.g. completed) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Storyboard_preview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A draft (360p, 15 fps, marked PREVIEW) is rendering, or was already: `preview` shows it. Its narration is charged now and reused by the final video; the draft itself is free */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoRecordDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INSUFFICIENT_CREDITS: the narration (or paid pictures) cost more than the balance */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: the video is not awaiting approval (e.g. completed) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Translations_translate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1-255 printable ASCII characters. The same key with the same body replays the first result for 24 h (with `Idempotent-Replayed: true`); with another body it is 409 CONFLICT */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TranslateVideoDto"];
            };
        };
        responses: {
            /** @description The translation: a new video (source_video_id names the source) with the source's scenes and pictures, queued for its script model to translate them; it is then made, charged and delivered as any video */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description INVALID_STATE: the video is not completed
             *
             *     CONFLICT: the Idempotency-Key was used with another body
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: a field out of its limits or an unknown field; at ["body", "language"] the language the video is already in, or no language model configured to translate (the offline planner cannot); at ["body", "voice"] a voice that does not speak the language */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description MAX_CONCURRENT_VIDEOS (standard body) when 3 videos are in progress; or the rate limiter (simple body, Retry-After): the per-key limit per minute, or the daily video quota of the plan */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"] | components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Templates_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplatePageDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Templates_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTemplateDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: a request POST /videos would refuse, both or neither of request and from_video_id, or a from_video_id that is not a video of this account */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Templates_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateRecordDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Templates_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; videos and batches made from it are unchanged */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Templates_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTemplateDto"];
            };
        };
        responses: {
            /** @description Its variables follow the new request */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Batches_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchPageDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Batches_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1-255 printable ASCII characters. The same key with the same body replays the first result for 24 h (with `Idempotent-Replayed: true`); with another body it is 409 CONFLICT */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBatchDto"];
                "multipart/form-data": {
                    /** Format: uuid */
                    template_id: string;
                    /**
                     * @default true
                     * @enum {string}
                     */
                    auto_approve?: "true" | "false";
                    /**
                     * Format: binary
                     * @description CSV, UTF-8: a header row naming the template's variables, then at most 500 rows
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Every row checked; its videos start as slots free up */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INSUFFICIENT_CREDITS: the estimated credits of all rows exceed the balance; the message states both */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description CONFLICT: the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR naming each bad row and field: ["body", "rows", i, "variables", name], ["body", "rows", i, <field of POST /videos>], or for a CSV ["body", "file", "columns", name] */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description the rate limiter's simple body: more rows than the plan's remaining video creations today */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Batches_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchRecordDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Batches_rows: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description In order of index */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchRowPageDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Batches_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rows not started are cancelled; started videos go on */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchRecordDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: the batch is completed or cancelled already */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Voices_list: {
        parameters: {
            query?: {
                /** @description Only the voices that speak this BCP 47 language (matched on its primary subtag) */
                language?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configured speech provider’s voices */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoiceListDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Fonts_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fonts a brand may use, each with the scripts it writes */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FontListDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Brands_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account’s brands, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandListDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Brands_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBrandDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: a colour that is not #rrggbb, a logo that is not an image of this account, a size out of range, an unknown font */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Brands_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandRecordDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Brands_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; videos already made keep the brand as it was */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: a video in progress uses this brand */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Brands_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateBrandDto"];
            };
        };
        responses: {
            /** @description Videos already made keep the brand as it was */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Brands_preview: {
        parameters: {
            query?: {
                /** @description The frame to draw */
                aspect_ratio?: "16:9" | "9:16" | "1:1";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A frame as a video with this brand shows it: the logo, a caption, the palette */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Providers_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Which provider and model serve each stage, as the worker builds them from the same settings; never a key or an address */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProvidersDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks videos:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Assets_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                video_id?: string;
                type?: "video" | "audio" | "thumbnail" | "image" | "narration" | "subtitles";
                source?: "upload" | "import" | "generated" | "stock";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetPageDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks assets:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Assets_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description PNG, JPEG, WebP, MP3, WAV, M4A/AAC or Ogg; the type is read from the bytes
                     */
                    file: string;
                    /** @description Defaults to the file name */
                    name?: string;
                };
                "application/json": components["schemas"]["ImportAssetDto"];
            };
        };
        responses: {
            /** @description Stored: an image or audio file of this account */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks assets:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR at ["body", "file"] or ["body", "source_url"]: not a PNG, JPEG, WebP, MP3, WAV, M4A/AAC, Ogg, MP4, WebM or MOV file that decodes, larger than ASSET_UPLOAD_MAX_BYTES, a clip over ASSET_VIDEO_MAX_SECONDS or 4096 px a side, or a URL that cannot be fetched */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Assets_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetRecordDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks assets:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Assets_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted with its file */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks assets:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: its video is being processed, or an in-progress video uses it */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Assets_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAssetDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks assets:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Assets_content: {
        parameters: {
            query?: {
                /** @description From a signed URL */
                signature?: string;
                /** @description From a signed URL: Unix time after which it stops working (without a valid signature, the key decides) */
                expires?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset bytes, with its own Content-Type (video/mp4, image/png, …); Range requests get 206 */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "video/*": string;
                    "audio/*": string;
                    "image/*": string;
                    "text/vtt": string;
                };
            };
            /** @description UNAUTHORIZED or INVALID_TOKEN: no valid signature and no valid key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks assets:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Credits_summary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditsSummaryDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks credits:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Credits_ledger: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerPageDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks credits:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Credits_purchase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1-255 printable ASCII characters. The same key with the same body replays the first result for 24 h (with `Idempotent-Replayed: true`); with another body it is 409 CONFLICT */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PurchaseDto"];
            };
        };
        responses: {
            /** @description Credits added; the account moves to the plan */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PurchaseResultDto"];
                };
            };
            /** @description INVALID_PLAN (no such plan for sale), PAYMENT_FAILED (the payment provider refused the token, or the payment was already used by another account), BAD_REQUEST (malformed JSON) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks credits:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description CONFLICT: the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Callbacks_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRecordDto"][];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks callbacks:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Callbacks_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCallbackDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks callbacks:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description CONFLICT: this account already has a webhook for this url and event */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: not an https URL, an unknown event, or a URL that names a private address */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Callbacks_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no further deliveries */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks callbacks:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Callbacks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCallbackDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRecordDto"];
                };
            };
            /** @description BAD_REQUEST: malformed JSON or an invalid request format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks callbacks:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Callbacks_deliveriesOf: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries newest first, each with its attempts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPageDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks callbacks:read */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description VALIDATION_ERROR: `details` lists each problem with its location */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Callbacks_redeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A new run of the delivery has started */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDto"];
                };
            };
            /** @description UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description FORBIDDEN: the key lacks callbacks:write */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description NOT_FOUND: no such resource in this account (also a malformed id) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description INVALID_STATE: the delivery is still running, or the webhook is inactive */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}` */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitBodyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Health_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the api process is up */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LiveDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Health_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description database and Temporal reachable */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadyDto"];
                };
            };
            /** @description INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description a dependency did not answer within 2 s */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadyDto"];
                };
            };
        };
    };
}
