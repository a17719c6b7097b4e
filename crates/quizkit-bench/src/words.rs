//! The vocabulary of generated banks: parallel Dutch and English phrases about computing,
//! written to be combined (`(nl, en)` pairs), so that every generated text reads like the
//! shipped bank in both languages and has its length.

/// A phrase in Dutch and English.
pub type Pair = (&'static str, &'static str);

/// Category titles: twenty areas of computing.
pub const CATEGORIES: &[Pair] = &[
    ("Computersystemen", "Computer systems"),
    ("Besturingssystemen", "Operating systems"),
    ("Computernetwerken", "Computer networks"),
    ("Databases", "Databases"),
    ("Gedistribueerde systemen", "Distributed systems"),
    ("Beveiliging", "Security"),
    ("Compilerbouw", "Compiler construction"),
    ("Programmeertalen", "Programming languages"),
    ("Algoritmen", "Algorithms"),
    ("Datastructuren", "Data structures"),
    ("Machine learning", "Machine learning"),
    ("Cloudinfrastructuur", "Cloud infrastructure"),
    ("Webtechnologie", "Web technology"),
    ("Softwarearchitectuur", "Software architecture"),
    ("Testen en kwaliteit", "Testing and quality"),
    ("Ingebedde systemen", "Embedded systems"),
    ("Grafische systemen", "Graphics systems"),
    ("Opslagsystemen", "Storage systems"),
    ("Parallel rekenen", "Parallel computing"),
    ("Informatietheorie", "Information theory"),
];

/// Words that make topic titles, two at a time.
pub const TOPIC_WORDS: &[Pair] = &[
    ("caches", "caches"),
    ("geheugen", "memory"),
    ("planning", "scheduling"),
    ("bestandssystemen", "file systems"),
    ("virtualisatie", "virtualization"),
    ("containers", "containers"),
    ("routering", "routing"),
    ("congestie", "congestion"),
    ("indexen", "indexes"),
    ("transacties", "transactions"),
    ("replicatie", "replication"),
    ("consensus", "consensus"),
    ("versleuteling", "encryption"),
    ("authenticatie", "authentication"),
    ("parsers", "parsers"),
    ("optimalisatie", "optimization"),
    ("typesystemen", "type systems"),
    ("geheugenbeheer", "memory management"),
    ("sorteren", "sorting"),
    ("grafen", "graphs"),
    ("hashtabellen", "hash tables"),
    ("bomen", "trees"),
    ("training", "training"),
    ("inferentie", "inference"),
    ("kwantisatie", "quantization"),
    ("schaalbaarheid", "scalability"),
    ("load balancing", "load balancing"),
    ("monitoring", "monitoring"),
    ("protocollen", "protocols"),
    ("sessies", "sessions"),
    ("microservices", "microservices"),
    ("berichtenwachtrijen", "message queues"),
    ("eenheidstests", "unit tests"),
    ("fuzzing", "fuzzing"),
    ("interrupts", "interrupts"),
    ("energiebeheer", "power management"),
    ("rasterisatie", "rasterization"),
    ("shaders", "shaders"),
    ("SSD's", "SSDs"),
    ("RAID", "RAID"),
    ("threads", "threads"),
    ("vectorisatie", "vectorization"),
    ("compressie", "compression"),
    ("foutcorrectie", "error correction"),
    ("latentie", "latency"),
    ("doorvoer", "throughput"),
    ("logboeken", "logging"),
    ("back-ups", "backups"),
    ("pipelines", "pipelines"),
    ("vergrendeling", "locking"),
    ("adressering", "addressing"),
    ("prefetching", "prefetching"),
];

/// Things a question is about, with their article.
pub const CONCEPTS: &[Pair] = &[
    ("de paginacache", "the page cache"),
    ("een schrijfbuffer", "a write buffer"),
    ("de TLB", "the TLB"),
    ("een B-boomindex", "a B-tree index"),
    ("een hashindex", "a hash index"),
    ("het write-ahead log", "the write-ahead log"),
    ("een verbindingspool", "a connection pool"),
    (
        "de planner van het besturingssysteem",
        "the operating system scheduler",
    ),
    ("een ringbuffer", "a ring buffer"),
    ("de sprongvoorspeller", "the branch predictor"),
    ("een CDN", "a CDN"),
    ("de garbage collector", "the garbage collector"),
    ("een read-replica", "a read replica"),
    ("de querycache", "the query cache"),
    ("een bloomfilter", "a Bloom filter"),
    ("het TCP-venster", "the TCP window"),
    ("een reverse proxy", "a reverse proxy"),
    ("de DMA-controller", "the DMA controller"),
    ("een werkdiefstal-planner", "a work-stealing scheduler"),
    ("de L2-cache", "the L2 cache"),
    ("een geheugenpool", "a memory pool"),
    ("de JIT-compiler", "the JIT compiler"),
    ("inline-expansie", "inlining"),
    ("lusontrolling", "loop unrolling"),
    ("een sleutelafleidingsfunctie", "a key derivation function"),
    ("certificaatpinning", "certificate pinning"),
    ("een snelheidsbegrenzer", "a rate limiter"),
    ("een circuitonderbreker", "a circuit breaker"),
    ("de berichtenbroker", "the message broker"),
    (
        "een snapshot van het bestandssysteem",
        "a file system snapshot",
    ),
    ("deduplicatie", "deduplication"),
    ("copy-on-write", "copy-on-write"),
    ("een leader lease", "a leader lease"),
    ("een quorumread", "a quorum read"),
    ("het vectorregister", "the vector register"),
    ("de geheugencontroller", "the memory controller"),
    ("een sparse index", "a sparse index"),
    ("batchverwerking", "batching"),
    ("operatorfusie", "operator fusion"),
    ("gemengde precisie", "mixed precision"),
    ("de KV-cache", "the KV cache"),
    ("een tilingstrategie", "a tiling strategy"),
    ("een round-robinbalancer", "a round-robin balancer"),
    ("consistente hashing", "consistent hashing"),
    ("een tweefasige commit", "a two-phase commit"),
    ("vector clocks", "vector clocks"),
    ("de zoekboom", "the search tree"),
    ("een prioriteitswachtrij", "a priority queue"),
    ("een heap-allocator", "a heap allocator"),
    (
        "het journaal van het bestandssysteem",
        "the file system journal",
    ),
    ("een hardwareprefetcher", "a hardware prefetcher"),
    ("een dubbele buffer", "a double buffer"),
    ("de z-buffer", "the z-buffer"),
    ("mipmapping", "mipmapping"),
    ("een Huffman-code", "a Huffman code"),
    ("een pariteitsschijf", "a parity disk"),
    ("wear leveling", "wear leveling"),
    ("een spinlock", "a spinlock"),
    ("een semafoor", "a semaphore"),
    ("lock-vrije wachtrijen", "lock-free queues"),
];

/// Properties that change, with their article.
pub const PROPERTIES: &[Pair] = &[
    ("de latentie per verzoek", "the latency per request"),
    (
        "de doorvoer onder piekbelasting",
        "the throughput under peak load",
    ),
    (
        "het geheugengebruik per proces",
        "the memory use per process",
    ),
    ("het aantal cachemissers", "the number of cache misses"),
    ("de tijd tot de eerste byte", "the time to first byte"),
    (
        "het energieverbruik per bewerking",
        "the energy use per operation",
    ),
    ("de schrijfversterking", "the write amplification"),
    ("de wachttijd in de rij", "the queueing delay"),
    (
        "de benutting van de rekeneenheden",
        "the utilization of the compute units",
    ),
    (
        "de hersteltijd na een storing",
        "the recovery time after a failure",
    ),
    (
        "de bandbreedte naar het geheugen",
        "the bandwidth to memory",
    ),
    ("de staartlatentie", "the tail latency"),
    ("de opstarttijd", "the start-up time"),
    (
        "het aantal contextwisselingen",
        "the number of context switches",
    ),
    ("de omvang van de index", "the size of the index"),
    ("de kans op een conflict", "the probability of a conflict"),
    (
        "de nauwkeurigheid van het model",
        "the accuracy of the model",
    ),
    (
        "de kosten per miljoen verzoeken",
        "the cost per million requests",
    ),
    ("de levensduur van de schijf", "the lifetime of the drive"),
    (
        "de consistentie van de leesacties",
        "the consistency of reads",
    ),
    (
        "de fragmentatie van de heap",
        "the fragmentation of the heap",
    ),
    (
        "het aantal netwerkrondes",
        "the number of network round trips",
    ),
    ("de compileertijd", "the compile time"),
    (
        "de grootte van het binaire bestand",
        "the size of the binary",
    ),
    ("de beeldsnelheid", "the frame rate"),
    ("de compressieverhouding", "the compression ratio"),
    ("de foutkans per bit", "the error rate per bit"),
    (
        "de beschikbaarheid van de dienst",
        "the availability of the service",
    ),
    (
        "de schaalbaarheid over meerdere kernen",
        "the scalability across cores",
    ),
    (
        "de voorspelbaarheid van de responstijd",
        "the predictability of the response time",
    ),
];

/// Situations a question is set in.
pub const CONTEXTS: &[Pair] = &[
    (
        "een webserver met veel gelijktijdige gebruikers",
        "a web server with many concurrent users",
    ),
    (
        "een database met veel kleine schrijfacties",
        "a database with many small writes",
    ),
    (
        "een batchtaak die nachtelijk draait",
        "a batch job that runs nightly",
    ),
    (
        "een mobiele app op een trage verbinding",
        "a mobile app on a slow connection",
    ),
    ("een cluster van acht GPU's", "a cluster of eight GPUs"),
    (
        "een ingebed systeem met weinig RAM",
        "an embedded system with little RAM",
    ),
    (
        "een sleutel-waardeopslag in het geheugen",
        "an in-memory key-value store",
    ),
    (
        "een zoekmachine met een grote index",
        "a search engine with a large index",
    ),
    (
        "een game die zestig beelden per seconde toont",
        "a game that shows sixty frames per second",
    ),
    (
        "een betaaldienst met strenge eisen",
        "a payment service with strict requirements",
    ),
    (
        "een sensornetwerk op batterijen",
        "a sensor network on batteries",
    ),
    (
        "een compiler voor een grote codebase",
        "a compiler for a large code base",
    ),
    (
        "een videodienst met pieken in de avond",
        "a video service with evening peaks",
    ),
    ("een wetenschappelijke simulatie", "a scientific simulation"),
    (
        "een chatdienst met miljoenen berichten",
        "a chat service with millions of messages",
    ),
    (
        "een back-upsysteem voor een kantoor",
        "a backup system for an office",
    ),
    (
        "een routeplanner met live verkeersdata",
        "a route planner with live traffic data",
    ),
    (
        "een taalmodel dat tekst genereert",
        "a language model that generates text",
    ),
    (
        "een webwinkel tijdens de uitverkoop",
        "a web shop during the sales",
    ),
    (
        "een logboekverwerker die gebeurtenissen telt",
        "a log processor that counts events",
    ),
    (
        "een bestandsserver met veel kleine bestanden",
        "a file server with many small files",
    ),
    (
        "een analyseplatform met brede tabellen",
        "an analytics platform with wide tables",
    ),
    (
        "een realtime besturing van een robotarm",
        "a real-time controller of a robot arm",
    ),
    (
        "een rekencluster dat modellen traint",
        "a compute cluster that trains models",
    ),
];

/// Verbs for "X <verb> Y" (third person singular).
pub const EFFECTS: &[Pair] = &[
    ("verlaagt", "lowers"),
    ("verhoogt", "raises"),
    ("beperkt", "limits"),
    ("bepaalt", "determines"),
    ("verbetert", "improves"),
    ("vergroot", "increases"),
    ("verkleint", "reduces"),
    ("stabiliseert", "stabilizes"),
    ("verschuift", "shifts"),
    ("maskeert", "masks"),
];

/// Reasons, as a subordinate clause (Dutch verb-final) after "omdat" / "because".
pub const REASONS: &[Pair] = &[
    (
        "de gegevens dan vaker in het snelle geheugen staan",
        "the data then sit in fast memory more often",
    ),
    (
        "er minder kopieën tussen kernel en gebruiker nodig zijn",
        "fewer copies between kernel and user space are needed",
    ),
    (
        "de processor minder lang op het geheugen wacht",
        "the processor waits for memory for a shorter time",
    ),
    (
        "elke schrijfactie eerst sequentieel wordt vastgelegd",
        "every write is first recorded sequentially",
    ),
    (
        "de kosten van een verbinding over veel verzoeken worden verdeeld",
        "the cost of a connection is spread over many requests",
    ),
    (
        "het aantal vergrendelingen per bewerking daalt",
        "the number of locks per operation drops",
    ),
    (
        "de werklast gelijkmatiger over de kernen wordt verdeeld",
        "the work is spread more evenly over the cores",
    ),
    (
        "het netwerk minder rondes heen en terug hoeft te maken",
        "the network needs fewer round trips",
    ),
    (
        "de gegevens dichter bij de gebruiker worden bewaard",
        "the data are kept closer to the user",
    ),
    (
        "er minder gegevens over de bus hoeven te gaan",
        "less data has to cross the bus",
    ),
    (
        "de compiler meer ruimte voor optimalisaties krijgt",
        "the compiler gets more room for optimizations",
    ),
    (
        "fouten eerder worden opgemerkt en hersteld",
        "errors are noticed and repaired earlier",
    ),
    (
        "de schijf minder willekeurige toegangen hoeft te doen",
        "the drive has to make fewer random accesses",
    ),
    (
        "de rekeneenheden langer met nuttig werk bezig zijn",
        "the compute units spend longer on useful work",
    ),
    (
        "de wachtrij korter blijft bij dezelfde belasting",
        "the queue stays shorter under the same load",
    ),
    (
        "dezelfde waarde vaker wordt hergebruikt",
        "the same value is reused more often",
    ),
    (
        "er minder metadata per item wordt opgeslagen",
        "less metadata is stored per item",
    ),
    (
        "de replica's minder vaak hoeven te overleggen",
        "the replicas need to coordinate less often",
    ),
    (
        "de vertakkingen in de code beter voorspelbaar worden",
        "the branches in the code become more predictable",
    ),
    (
        "een fout op één plek de rest niet meer raakt",
        "a failure in one place no longer affects the rest",
    ),
    (
        "de geheugentoegangen aaneengesloten worden",
        "the memory accesses become contiguous",
    ),
    (
        "de sleutels gelijkmatiger over de partities vallen",
        "the keys fall more evenly over the partitions",
    ),
    (
        "de precisie van de getallen lager is",
        "the precision of the numbers is lower",
    ),
    (
        "het werk in grotere blokken tegelijk gebeurt",
        "the work is done in larger blocks at once",
    ),
];

/// Goals, after "om … te" / "to".
pub const GOALS: &[Pair] = &[
    (
        "de kosten per verzoek te verlagen",
        "reduce the cost per request",
    ),
    (
        "pieken in de belasting op te vangen",
        "absorb peaks in the load",
    ),
    ("de hersteltijd te verkorten", "shorten the recovery time"),
    (
        "meer gebruikers per server te bedienen",
        "serve more users per server",
    ),
    (
        "de responstijd voorspelbaar te houden",
        "keep the response time predictable",
    ),
    (
        "het geheugen beter te benutten",
        "make better use of memory",
    ),
    (
        "de rekeneenheden bezig te houden",
        "keep the compute units busy",
    ),
    ("schrijfacties te bundelen", "batch the writes"),
    (
        "onnodig netwerkverkeer te vermijden",
        "avoid unnecessary network traffic",
    ),
    (
        "de levensduur van de hardware te verlengen",
        "extend the lifetime of the hardware",
    ),
    ("fouten sneller te vinden", "find faults sooner"),
    ("de energierekening te verlagen", "lower the energy bill"),
];

/// Conditions added to a stem; `{n}` is replaced by a number, so that two stems that differ
/// only there are variants, not duplicates, for lint.
pub const CONDITIONS: &[Pair] = &[
    (
        "als de belasting {n} keer zo groot wordt",
        "when the load grows {n} times",
    ),
    (
        "bij {n} gelijktijdige verbindingen",
        "with {n} concurrent connections",
    ),
    (
        "als de werkset {n} MB groot is",
        "when the working set is {n} MB",
    ),
    ("bij een batchgrootte van {n}", "with a batch size of {n}"),
    (
        "als er {n} kernen beschikbaar zijn",
        "when {n} cores are available",
    ),
    (
        "na {n} herstarts van de server",
        "after {n} restarts of the server",
    ),
    (
        "als de gegevens over {n} knooppunten verdeeld zijn",
        "when the data are spread over {n} nodes",
    ),
    (
        "bij {n} verzoeken per seconde",
        "at {n} requests per second",
    ),
    ("als de cache {n} KB groot is", "when the cache is {n} KB"),
    (
        "tijdens een piek van {n} gebruikers",
        "during a peak of {n} users",
    ),
    (
        "als elk record {n} bytes groot is",
        "when every record is {n} bytes",
    ),
    (
        "bij een wachtrij van {n} taken",
        "with a queue of {n} tasks",
    ),
];

/// Numbers for `{n}` in conditions.
pub const NUMBERS: &[u32] = &[
    3, 4, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 50, 60, 64, 80, 96, 100, 120, 128, 150, 160, 200,
    240, 250, 256, 300, 320, 400, 480, 500, 512, 600, 640, 750, 800, 900, 960,
];

/// Units for measured figures in explanations.
pub const UNITS: &[&str] = &["ms", "µs", "MB", "GB", "%", "MB/s", "W"];

/// Configuration names quoted as inline code in explanations.
pub const IDENTS: &[&str] = &[
    "max_connections",
    "cache_size_mb",
    "batch_size",
    "worker_threads",
    "prefetch_depth",
    "write_buffer_size",
    "max_inflight",
    "gc_interval",
    "page_size",
    "queue_depth",
    "replica_count",
    "timeout_ms",
];

/// Tags, kebab-case.
pub const TAGS: &[&str] = &[
    "caching",
    "memory",
    "latency",
    "throughput",
    "concurrency",
    "storage",
    "networking",
    "databases",
    "security",
    "compilers",
    "scheduling",
    "energy",
    "reliability",
    "scalability",
    "algorithms",
    "data-structures",
    "machine-learning",
    "graphics",
    "embedded",
    "distributed-systems",
    "testing",
    "quantization",
    "arithmetic",
    "performance",
];

/// Words for question ids.
pub const ID_WORDS: &[&str] = &[
    "cache", "memory", "queue", "index", "log", "pool", "lock", "thread", "page", "disk", "link",
    "node", "shard", "batch", "tile", "kernel", "buffer", "hash", "tree", "graph", "model",
    "token", "frame", "packet", "route", "replica", "lease", "clock", "heap", "stack", "vector",
    "shader", "codec", "parity", "flash", "quorum", "commit", "proxy", "broker", "timer",
];
