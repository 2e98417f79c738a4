#!/usr/bin/env python3
"""Same-machine anchors for Keel's benchmark: msgspec's typed decode and encode of the benchmark's own models
(twitter, citm_catalog, canada, written below as msgspec structs with the same members as the @JSONModel
models in Sources/KeelBenchmarks; absent optionals are left out of the output, as Keel and JSONEncoder do) and simdjson's DOM parse (pysimdjson) of the same files.

Both come from PyPI (`pip install msgspec pysimdjson`). Prints one JSON object per line:
{"case": "msgspec decode", "file": "twitter.json", "seconds": ..., "input_bytes": ..., "output_bytes": ...};
a missing module is reported as {"missing": "msgspec"}. `keel-benchmarks --only anchors` runs this script
and prints the figures beside Keel's. Usage: anchors.py CORPUS_DIR SECONDS_PER_CASE
"""

import json
import sys
import time
from typing import Dict, List, Optional


def best_seconds(run, budget):
    """The best time of one call, from batches of calls that together take about `budget` seconds."""
    run()  # warm up
    start = time.perf_counter()
    run()
    once = max(time.perf_counter() - start, 1e-6)
    batch = max(1, int(0.02 / once))
    best = float("inf")
    deadline = time.perf_counter() + budget
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        for _ in range(batch):
            run()
        best = min(best, (time.perf_counter() - start) / batch)
    return best


def models():
    import msgspec

    class Hashtag(msgspec.Struct):
        text: str
        indices: List[int]

    class URLEntity(msgspec.Struct):
        url: str
        expanded_url: str
        display_url: str
        indices: List[int]

    class Mention(msgspec.Struct):
        screen_name: str
        name: str
        id: int
        indices: List[int]

    class Entities(msgspec.Struct):
        hashtags: List[Hashtag]
        urls: List[URLEntity]
        user_mentions: List[Mention]

    class StatusMetadata(msgspec.Struct):
        result_type: str
        iso_language_code: str

    class User(msgspec.Struct, omit_defaults=True):
        id: int
        id_str: str
        name: str
        screen_name: str
        location: str
        description: str
        protected: bool
        followers_count: int
        friends_count: int
        listed_count: int
        created_at: str
        favourites_count: int
        geo_enabled: bool
        verified: bool
        statuses_count: int
        lang: str
        profile_image_url: str
        url: Optional[str] = None
        utc_offset: Optional[int] = None
        time_zone: Optional[str] = None

    class Status(msgspec.Struct, omit_defaults=True):
        id: int
        id_str: str
        text: str
        created_at: str
        source: str
        truncated: bool
        user: User
        retweet_count: int
        favorite_count: int
        favorited: bool
        retweeted: bool
        lang: str
        entities: Entities
        metadata: StatusMetadata
        in_reply_to_status_id: Optional[int] = None
        in_reply_to_user_id: Optional[int] = None
        in_reply_to_screen_name: Optional[str] = None

    class SearchMetadata(msgspec.Struct):
        completed_in: float
        max_id: int
        query: str
        count: int

    class Timeline(msgspec.Struct):
        statuses: List[Status]
        search_metadata: SearchMetadata

    class Event(msgspec.Struct, omit_defaults=True):
        id: int
        name: str
        subTopicIds: List[int]
        topicIds: List[int]
        description: Optional[str] = None
        logo: Optional[str] = None
        subjectCode: Optional[str] = None
        subtitle: Optional[str] = None

    class Price(msgspec.Struct):
        amount: int
        audienceSubCategoryId: int
        seatCategoryId: int

    class Area(msgspec.Struct):
        areaId: int
        blockIds: List[int]

    class SeatCategory(msgspec.Struct):
        areas: List[Area]
        seatCategoryId: int

    class Performance(msgspec.Struct, omit_defaults=True):
        eventId: int
        id: int
        prices: List[Price]
        seatCategories: List[SeatCategory]
        start: int
        venueCode: str
        logo: Optional[str] = None
        name: Optional[str] = None
        seatMapImage: Optional[str] = None

    class Catalog(msgspec.Struct):
        areaNames: Dict[str, str]
        audienceSubCategoryNames: Dict[str, str]
        blockNames: Dict[str, str]
        events: Dict[str, Event]
        performances: List[Performance]
        seatCategoryNames: Dict[str, str]
        subTopicNames: Dict[str, str]
        subjectNames: Dict[str, str]
        topicNames: Dict[str, str]
        topicSubTopics: Dict[str, List[int]]
        venueNames: Dict[str, str]

    class Geometry(msgspec.Struct):
        type: str
        coordinates: List[List[List[float]]]

    class Feature(msgspec.Struct):
        type: str
        properties: Dict[str, str]
        geometry: Geometry

    class FeatureCollection(msgspec.Struct):
        type: str
        features: List[Feature]

    return {"twitter.json": Timeline, "citm_catalog.json": Catalog, "canada.json": FeatureCollection}


def report(case, file, seconds, input_bytes, output_bytes=None):
    print(json.dumps({"case": case, "file": file, "seconds": seconds, "input_bytes": input_bytes,
                      "output_bytes": output_bytes}), flush=True)


def main():
    corpus, budget = sys.argv[1], float(sys.argv[2])
    try:
        import msgspec
        types = models()
    except ImportError:
        print(json.dumps({"missing": "msgspec"}), flush=True)
        types = {}
    for file, model in types.items():
        data = open(f"{corpus}/{file}", "rb").read()
        decoder = msgspec.json.Decoder(model)
        value = decoder.decode(data)
        report("msgspec decode", file, best_seconds(lambda: decoder.decode(data), budget), len(data))
        encoder = msgspec.json.Encoder()
        output = encoder.encode(value)
        report("msgspec encode", file, best_seconds(lambda: encoder.encode(value), budget), len(data), len(output))
    try:
        import simdjson
    except ImportError:
        print(json.dumps({"missing": "pysimdjson"}), flush=True)
        return
    parser = simdjson.Parser()
    for file in ["twitter.json", "citm_catalog.json", "canada.json"]:
        data = open(f"{corpus}/{file}", "rb").read()

        def parse():
            # The proxy it returns must be gone before the next parse reuses the parser's buffers.
            document = parser.parse(data)
            del document

        report("simdjson DOM parse", file, best_seconds(parse, budget), len(data))


if __name__ == "__main__":
    main()
