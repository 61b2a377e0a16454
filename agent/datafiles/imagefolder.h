#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hamgam {

/// A folder of labelled images as students keep them, one sub-folder per
/// class: either train/<class>/ and test/<class>/ (or val/<class>/), or
/// <class>/ alone, when every tenth image of each class (by name) is held out.
/// JPEG and PNG files count (by extension, any case); other files, hidden
/// entries and symbolic links are passed over. `dataset.kind` "images".
class ImageFolder
{
public:
    struct Fault
    {
        enum class Kind
        {
            NotAFolder,   ///< `path` is no directory
            NoClasses,    ///< `path` holds no class folder
            EmptyClass,   ///< the class folder `path` holds no JPEG or PNG file
            NoHeldOut,    ///< train/ without test/ or val/, or no class with ten images
            UnknownClass, ///< the held-out folder `path` is no training class
        };
        Kind kind = Kind::NotAFolder;
        std::string path;

        std::string english() const;
    };

    /// Lists the classes and files (no image is opened).
    static std::optional<ImageFolder> scan(const std::string &root, Fault *fault);

    const std::vector<std::string> &classes() const { return m_classes; }
    const std::vector<std::string> &trainFiles() const { return m_trainFiles; }
    const std::vector<std::int64_t> &trainLabels() const { return m_trainLabels; }
    const std::vector<std::string> &evalFiles() const { return m_evalFiles; }
    const std::vector<std::int64_t> &evalLabels() const { return m_evalLabels; }

private:
    std::vector<std::string> m_classes;
    std::vector<std::string> m_trainFiles;
    std::vector<std::int64_t> m_trainLabels;
    std::vector<std::string> m_evalFiles;
    std::vector<std::int64_t> m_evalLabels;
};

} // namespace hamgam
